import { z } from "zod";
import { envelope } from "./common.js";
import { fileProgressSchema } from "./content.js";
import { idSchema } from "./ids.js";

/** Share of a video that must be watched for it to count as completed. */
export const VIDEO_COMPLETE_RATIO = 0.9;

/** A learner's progress in a course, from their recorded views (spec §3 Course.progress). */
export const courseProgressSchema = z.object({
  percentage: z.number().int(),
  videosCompleted: z.number().int(),
  totalVideos: z.number().int(),
  resourcesViewed: z.number().int(),
  totalResources: z.number().int(),
  lastLessonId: z.string().nullable(),
  lastAccessedAt: z.string().nullable(),
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
