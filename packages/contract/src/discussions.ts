import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope, paginationSchema } from "./common.js";
import { courseParamsSchema, idSchema } from "./ids.js";

/** Course discussions (issue 23): threads, replies, Q&A answers, reports and subscriptions. */
export const DISCUSSION_LIMITS = {
  titleMax: 200,
  bodyMax: 20_000,
  reasonMax: 500,
  searchMax: 100,
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;

/** An author edits their own post within this many minutes of posting it; a course's managers always. */
export const DISCUSSION_EDIT_WINDOW_MINUTES = 30;

/** A plain discussion, or a Q&A question whose asker (or a manager) accepts one answer. */
export const DISCUSSION_THREAD_TYPES = ["discussion", "question"] as const;
export type DiscussionThreadType = (typeof DISCUSSION_THREAD_TYPES)[number];

export const DISCUSSION_MESSAGES = messageGroup("DISCUSSION_MESSAGES", {
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${DISCUSSION_LIMITS.titleMax} characters`,
  bodyRequired: "Write something first",
  bodyTooLong: `A post must be at most ${DISCUSSION_LIMITS.bodyMax} characters`,
  reasonTooLong: `The reason must be at most ${DISCUSSION_LIMITS.reasonMax} characters`,
  searchTooLong: `Search must be at most ${DISCUSSION_LIMITS.searchMax} characters`,
  threadNotFound: "Discussion not found",
  postNotFound: "Post not found",
  replyTooDeep: "Reply to the thread or to one of its replies, not to a reply of a reply",
  threadLocked: "This discussion is locked: no more replies",
  notAuthor: "Only its author can edit this post",
  editWindowOver: `Posts can be edited for ${DISCUSSION_EDIT_WINDOW_MINUTES} minutes after posting`,
  notAuthorOrManager: "Only its author or a course manager can delete this post",
  notAQuestion: "Only a Q&A discussion has an accepted answer",
  notAsker: "Only the asker or a course manager can accept an answer",
  ownPost: "You cannot report your own post",
  alreadyReported: "You have already reported this post",
  reportNotFound: "Report not found",
  reportClosed: "This report has already been dismissed",
  threadCreated: "Discussion started",
  threadUpdated: "Discussion updated",
  threadDeleted: "Discussion deleted",
  replyPosted: "Reply posted",
  replyUpdated: "Reply updated",
  replyDeleted: "Reply deleted",
  pinned: "Discussion pinned",
  unpinned: "Discussion unpinned",
  locked: "Discussion locked",
  unlocked: "Discussion unlocked",
  answerAccepted: "Answer accepted",
  answerCleared: "Accepted answer cleared",
  reported: "Thank you: the course's teachers will look at this post",
  reportDismissed: "Report dismissed",
  subscribed: "You will be notified of new replies",
  unsubscribed: "You will no longer be notified of new replies",
  courseSubscribed: "You will be notified of every new discussion and reply in this course",
  courseUnsubscribed: "You will no longer be notified of this course's discussions",
  settingsSaved: "Discussion settings saved",
});
const M = DISCUSSION_MESSAGES;

const titleSchema = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(DISCUSSION_LIMITS.titleMax, M.titleTooLong);
/** Rich text (HTML); the server sanitises it on every write. */
const bodySchema = z
  .string({ error: M.bodyRequired })
  .trim()
  .min(1, M.bodyRequired)
  .max(DISCUSSION_LIMITS.bodyMax, M.bodyTooLong);

export const discussionThreadParamsSchema = courseParamsSchema.extend({ threadId: idSchema });
export const discussionReplyParamsSchema = discussionThreadParamsSchema.extend({ postId: idSchema });
export const discussionReportParamsSchema = courseParamsSchema.extend({ reportId: idSchema });

export const discussionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(DISCUSSION_LIMITS.pageSizeMax).default(DISCUSSION_LIMITS.pageSizeDefault),
  search: z.string().trim().max(DISCUSSION_LIMITS.searchMax, M.searchTooLong).optional(),
});
export type DiscussionListQuery = z.infer<typeof discussionListQuerySchema>;

export const discussionThreadCreateSchema = z.object({
  type: z.enum(DISCUSSION_THREAD_TYPES).default("discussion"),
  title: titleSchema,
  body: bodySchema,
});
export type DiscussionThreadCreate = z.input<typeof discussionThreadCreateSchema>;

export const discussionThreadUpdateSchema = z.object({ title: titleSchema.optional(), body: bodySchema.optional() });
export type DiscussionThreadUpdate = z.infer<typeof discussionThreadUpdateSchema>;

/** `parentId` answers one of the thread's replies (one level of nesting); without it, the thread. */
export const discussionReplyCreateSchema = z.object({ body: bodySchema, parentId: idSchema.optional() });
export type DiscussionReplyCreate = z.infer<typeof discussionReplyCreateSchema>;
export const discussionReplyUpdateSchema = z.object({ body: bodySchema });

export const discussionFlagSchema = z.object({ value: z.boolean({ error: "value must be true or false" }) });
/** null clears the accepted answer. */
export const discussionAcceptSchema = z.object({ postId: idSchema.nullable() });
/** Without `postId` the report is of the thread's opening post. */
export const discussionReportCreateSchema = z.object({
  postId: idSchema.optional(),
  reason: z.string().trim().max(DISCUSSION_LIMITS.reasonMax, M.reasonTooLong).optional(),
});
export const discussionSettingsSchema = z.object({
  /** In Q&A discussions, learners see other learners' replies only once they have replied themselves. */
  postBeforeView: z.boolean({ error: "postBeforeView must be true or false" }),
});
export type DiscussionSettings = z.infer<typeof discussionSettingsSchema>;

const authorSchema = z.object({ _id: z.string(), name: z.string(), manager: z.boolean() }).nullable();

export const discussionThreadSummarySchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  type: z.enum(DISCUSSION_THREAD_TYPES),
  title: z.string(),
  author: authorSchema,
  pinned: z.boolean(),
  locked: z.boolean(),
  answered: z.boolean(),
  replyCount: z.number().int(),
  lastActivityAt: z.string(),
  createdAt: z.string(),
  /** New replies (or the thread itself) since the caller last opened it. */
  unread: z.boolean(),
});
export type DiscussionThreadSummary = z.infer<typeof discussionThreadSummarySchema>;

export const discussionReplySchema = z.object({
  _id: z.string(),
  parentId: z.string().nullable(),
  author: authorSchema,
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  accepted: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type DiscussionReply = z.infer<typeof discussionReplySchema>;

export const discussionThreadSchema = discussionThreadSummarySchema.extend({
  body: z.string(),
  editedAt: z.string().nullable(),
  acceptedPostId: z.string().nullable(),
  subscribed: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canModerate: z.boolean(),
  canAccept: z.boolean(),
});
export type DiscussionThread = z.infer<typeof discussionThreadSchema>;

export const discussionListResponseSchema = envelope(
  z.object({
    threads: z.array(discussionThreadSummarySchema),
    pagination: paginationSchema,
    unreadCount: z.number().int(),
    canModerate: z.boolean(),
    courseSubscribed: z.boolean(),
    settings: discussionSettingsSchema,
  }),
);
export const discussionUnreadResponseSchema = envelope(z.object({ unreadCount: z.number().int() }));

export const discussionThreadResponseSchema = envelope(
  z.object({
    thread: discussionThreadSchema,
    replies: z.array(discussionReplySchema),
    /** Other learners' replies held back until the caller replies (post-before-view Q&A). */
    hiddenReplies: z.number().int(),
  }),
);
export const discussionReplyResponseSchema = envelope(z.object({ reply: discussionReplySchema }));

export const discussionReportSchema = z.object({
  _id: z.string(),
  threadId: z.string(),
  threadTitle: z.string(),
  postId: z.string().nullable(),
  excerpt: z.string(),
  postAuthor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  reporter: z.object({ _id: z.string(), name: z.string() }),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type DiscussionReport = z.infer<typeof discussionReportSchema>;
export const discussionReportsResponseSchema = envelope(z.object({ reports: z.array(discussionReportSchema) }));
export const discussionSettingsResponseSchema = envelope(z.object({ settings: discussionSettingsSchema }));
