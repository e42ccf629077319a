import { LTI_MESSAGES as M } from "@lms/contract";
import { z } from "zod";

/** IMS AGS 2.0 wire formats (the tools' side of the api, not the web's). */
export const AGS_MEDIA_TYPES = {
  lineItem: "application/vnd.ims.lis.v2.lineitem+json",
  lineItems: "application/vnd.ims.lis.v2.lineitemcontainer+json",
  score: "application/vnd.ims.lis.v1.score+json",
  results: "application/vnd.ims.lis.v2.resultcontainer+json",
  memberships: "application/vnd.ims.lti-nrps.v2.membershipcontainer+json",
} as const;

const optionalText = z.string().max(200, M.invalidLineItem).nullish();

export const lineItemBodySchema = z.object({
  label: z.string({ error: M.invalidLineItem }).trim().min(1, M.invalidLineItem).max(200, M.invalidLineItem),
  scoreMaximum: z.number({ error: M.invalidLineItem }).positive(M.invalidLineItem).max(1_000_000, M.invalidLineItem),
  resourceId: optionalText,
  tag: optionalText,
  resourceLinkId: z.string().max(40, M.invalidLineItem).nullish(),
});
export type LineItemBody = z.infer<typeof lineItemBodySchema>;

export const ACTIVITY_PROGRESS = ["Initialized", "Started", "InProgress", "Submitted", "Completed"] as const;
export const GRADING_PROGRESS = ["FullyGraded", "Pending", "PendingManual", "Failed", "NotReady"] as const;

export const scoreBodySchema = z
  .object({
    userId: z.string({ error: M.invalidScore }).min(1, M.invalidScore).max(40, M.invalidScore),
    scoreGiven: z.number().min(0, M.invalidScore).max(1_000_000, M.invalidScore).nullish(),
    scoreMaximum: z.number().positive(M.invalidScore).max(1_000_000, M.invalidScore).nullish(),
    activityProgress: z.enum(ACTIVITY_PROGRESS, { error: M.invalidScore }),
    gradingProgress: z.enum(GRADING_PROGRESS, { error: M.invalidScore }),
    timestamp: z.string({ error: M.invalidScore }).refine((t) => !Number.isNaN(Date.parse(t)), M.invalidScore),
    comment: z.string().max(4_000, M.invalidScore).nullish(),
  })
  .refine((s) => s.scoreGiven == null || s.scoreMaximum != null, { error: M.invalidScore, path: ["scoreMaximum"] });
export type ScoreBody = z.infer<typeof scoreBodySchema>;

export const lineItemQuerySchema = z.object({
  resource_link_id: z.string().max(40).optional(),
  resource_id: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1_000).optional(),
});
export const resultQuerySchema = z.object({ user_id: z.string().max(40).optional() });
export const serviceCourseParamsSchema = z.object({
  courseId: z.string().regex(/^[0-9a-f]{24}$/, M.courseNotReachable),
});
export const lineItemParamsSchema = serviceCourseParamsSchema.extend({
  lineItemId: z.string().regex(/^[0-9a-f]{24}$/, M.lineItemNotFound),
});
