import { z } from "zod";
import { ASSESSMENT_TYPES } from "./assessments.js";
import { envelope } from "./common.js";
import { fileProgressSchema } from "./content.js";
import { idSchema } from "./ids.js";

/** Share of a video that must be watched for it to count as completed. */
export const VIDEO_COMPLETE_RATIO = 0.9;

/** A published assessment the course's completion rule asks the learner to pass, and whether they have. */
export const requiredAssessmentSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.enum(ASSESSMENT_TYPES),
  /** Percent of the points needed; null: any graded attempt passes. */
  passingScore: z.number().nullable(),
  passed: z.boolean(),
});
export type RequiredAssessment = z.infer<typeof requiredAssessmentSchema>;

/**
 * A learner's progress in a course (spec §3 Course.progress), by the course's completion rule: the
 * items it asks for are every file of the published lessons and each required assessment (when the
 * rule asks for them); `percentage` is the share of them done.
 */
export const courseProgressSchema = z.object({
  percentage: z.number().int(),
  videosCompleted: z.number().int(),
  totalVideos: z.number().int(),
  resourcesViewed: z.number().int(),
  totalResources: z.number().int(),
  lastLessonId: z.string().nullable(),
  lastAccessedAt: z.string().nullable(),
  requiredAssessments: z.number().int(),
  assessmentsPassed: z.number().int(),
  /** Every item the rule asks for is done now (a completion once recorded stays, see the enrollment). */
  complete: z.boolean(),
  /** The required assessments one by one: on the course detail and the course progress answer. */
  assessments: z.array(requiredAssessmentSchema).optional(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/**
 * One view report from the lesson viewer. position and duration are seconds of a video (0 for
 * other files); a video counts as completed once 90% is watched (or `completed` on its end);
 * any other file counts as viewed when opened.
 */
export const progressUpdateSchema = z.object({
  fileId: idSchema,
  position: z.number().min(0).max(1e7).default(0),
  duration: z.number().min(0).max(1e7).default(0),
  completed: z.boolean().optional(),
});
export type ProgressUpdate = z.infer<typeof progressUpdateSchema>;

export const courseProgressResponseSchema = envelope(
  z.object({ progress: courseProgressSchema, files: z.array(fileProgressSchema) }),
);
export const progressUpdateResponseSchema = envelope(
  z.object({ progress: courseProgressSchema, file: fileProgressSchema }),
);
