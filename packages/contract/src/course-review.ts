import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope, paginationQuerySchema, paginationSchema } from "./common.js";

/** Strings of the course review workflow (issue 9) that the api and the web app share. */
export const REVIEW_MESSAGES = messageGroup("REVIEW_MESSAGES", {
  submitted: "Course submitted for review",
  sentBack: "Course sent back to the instructor",
  published: "Course published",
  alreadyPublished: "This course is already published",
  alreadySubmitted: "This course is already waiting for review",
  notSubmitted: "This course is not waiting for review",
  commentRequired: "Please say what needs to change",
  commentTooLong: "The comment must be at most 1000 characters",
  publishNotAllowed: "Publishing is for admins. Submit the course for review instead.",
});

export const REVIEW_COMMENT_MAX = 1000;

/** none: never submitted or cleared by publishing; submitted: waiting for an admin; changes_requested: sent back. */
export const REVIEW_STATUSES = ["none", "submitted", "changes_requested"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const refSchema = z.object({ _id: z.string(), name: z.string() });

/** A course's review state, as its instructor and admins see it. */
export const courseReviewSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  /** The admin's comment when the course was sent back. */
  comment: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewer: refSchema.nullable(),
});
export type CourseReview = z.infer<typeof courseReviewSchema>;

/** What the reader may do next with the course's visibility. */
export const courseReviewStateSchema = z.object({
  published: z.boolean(),
  review: courseReviewSchema,
  /** True for admins always, and for the instructor while `instructorsMayPublish` is on. */
  canPublish: z.boolean(),
  /** True for the instructor of an unpublished course that is not already waiting. */
  canSubmit: z.boolean(),
});
export type CourseReviewState = z.infer<typeof courseReviewStateSchema>;
export const courseReviewStateResponseSchema = envelope(courseReviewStateSchema);

export const reviewCommentSchema = z
  .string({ error: REVIEW_MESSAGES.commentRequired })
  .trim()
  .min(1, REVIEW_MESSAGES.commentRequired)
  .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong);

/** The send-back form: what the instructor should change. */
export const sendBackSchema = z.object({ comment: reviewCommentSchema });
export type SendBack = z.infer<typeof sendBackSchema>;

/** An admin's decision on a submitted course. */
export const reviewDecisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("publish") }),
  sendBackSchema.extend({ decision: z.literal("send_back") }),
]);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const reviewQueueQuerySchema = paginationQuerySchema;
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

/** A course waiting for review, oldest submission first. */
export const reviewQueueItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  courseCode: z.string(),
  shortDescription: z.string(),
  category: z.string().nullable(),
  instructorId: refSchema.nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueResponseSchema = envelope(
  z.object({ courses: z.array(reviewQueueItemSchema), pagination: paginationSchema }),
);
