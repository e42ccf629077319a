import { z } from "zod";
import type { CataloguedMessage } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { MESSAGES } from "./messages.js";

const orderSchema = z.number({ error: MESSAGES.orderMin }).int(MESSAGES.orderMin).min(1, MESSAGES.orderMin).max(10_000);
const descriptionSchema = z.string().trim().max(10_000, MESSAGES.descriptionTooLong);
const titleSchema = (required: CataloguedMessage) =>
  z.string({ error: required }).trim().min(1, required).max(200, MESSAGES.titleTooLong);

export const moduleCreateSchema = z.object({
  title: titleSchema(MESSAGES.titleRequired),
  description: descriptionSchema.default(""),
  /** Omitted: after the last module. */
  order: orderSchema.optional(),
});
export const moduleUpdateSchema = z.object({
  title: titleSchema(MESSAGES.titleRequired).optional(),
  description: descriptionSchema.optional(),
  order: orderSchema.optional(),
});
export type ModuleCreate = z.infer<typeof moduleCreateSchema>;
export type ModuleUpdate = z.infer<typeof moduleUpdateSchema>;

export const lessonCreateSchema = z.object({
  title: titleSchema(MESSAGES.lessonTitleRequired),
  description: descriptionSchema.default(""),
  order: orderSchema.optional(),
  /** Lessons are visible to enrolled learners unless saved as a draft. */
  isPublished: z.boolean().default(true),
});
export const lessonUpdateSchema = z.object({
  title: titleSchema(MESSAGES.lessonTitleRequired).optional(),
  description: descriptionSchema.optional(),
  order: orderSchema.optional(),
  isPublished: z.boolean().optional(),
});
export type LessonCreate = z.infer<typeof lessonCreateSchema>;
export type LessonUpdate = z.infer<typeof lessonUpdateSchema>;

/** Where a learner is in one file: the video position for resuming, and whether it counts as done. */
export const fileProgressSchema = z.object({
  fileId: z.string(),
  lessonId: z.string(),
  position: z.number(),
  duration: z.number(),
  completed: z.boolean(),
  viewedAt: z.string(),
});
export type FileProgress = z.infer<typeof fileProgressSchema>;

/** A lesson file. `type` is the media type detected from the content; `url` is a signed, expiring path. */
export const lessonFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
  /** The signed-in learner's progress in this file; null when none yet or for managers. */
  progress: fileProgressSchema.omit({ fileId: true, lessonId: true }).nullable(),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

export const lessonSchema = z.object({
  _id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  description: z.string(),
  order: z.number().int(),
  isPublished: z.boolean(),
  files: z.array(lessonFileSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const moduleSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  order: z.number().int(),
  lessons: z.array(lessonSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseModule = z.infer<typeof moduleSchema>;

export const moduleResponseSchema = envelope(z.object({ module: moduleSchema }));
export const lessonResponseSchema = envelope(z.object({ lesson: lessonSchema }));
export const lessonFileResponseSchema = envelope(z.object({ file: lessonFileSchema }));
