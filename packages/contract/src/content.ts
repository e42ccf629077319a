import { z } from "zod";
import { type CataloguedMessage, messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { idSchema } from "./ids.js";
import { lessonFileLtiSchema } from "./lti.js";
import { MESSAGES } from "./messages.js";

/** A lesson's formatted text may be this long, markup included, as sent. */
export const LESSON_BODY_MAX = 50_000;

export const CONTENT_MESSAGES = messageGroup("CONTENT_MESSAGES", {
  bodyTooLong: `Lesson text must be at most ${LESSON_BODY_MAX} characters`,
  orderModulesMismatch: "The new order must list every module of this course exactly once",
  orderLessonsMismatch: "The new order must list every lesson of each module exactly once, under its own module",
  reordered: "New order saved.",
});

const orderSchema = z.number({ error: MESSAGES.orderMin }).int(MESSAGES.orderMin).min(1, MESSAGES.orderMin).max(10_000);
const descriptionSchema = z.string().trim().max(10_000, MESSAGES.descriptionTooLong);
/** Rich text (HTML); the api keeps only simple formatting, lists, code and links (sanitised like question text). */
const bodySchema = z.string().trim().max(LESSON_BODY_MAX, CONTENT_MESSAGES.bodyTooLong);
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
  body: bodySchema.default(""),
  order: orderSchema.optional(),
  /** Lessons are visible to enrolled learners unless saved as a draft. */
  isPublished: z.boolean().default(true),
});
export const lessonUpdateSchema = z.object({
  title: titleSchema(MESSAGES.lessonTitleRequired).optional(),
  description: descriptionSchema.optional(),
  body: bodySchema.optional(),
  order: orderSchema.optional(),
  isPublished: z.boolean().optional(),
});
export type LessonCreate = z.infer<typeof lessonCreateSchema>;
export type LessonUpdate = z.infer<typeof lessonUpdateSchema>;

/**
 * A course's new module and lesson order, in one request: every module of the course once, each with
 * every one of its lessons once (lessons keep their module).
 */
export const contentOrderSchema = z.object({
  modules: z
    .array(z.object({ _id: idSchema, lessonIds: z.array(idSchema).max(1_000) }))
    .min(1, CONTENT_MESSAGES.orderModulesMismatch)
    .max(1_000),
});
export type ContentOrder = z.infer<typeof contentOrderSchema>;

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
  /** On a file of type LTI_FILE_TYPE: the LTI link the viewer launches. */
  lti: lessonFileLtiSchema.optional(),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

export const lessonSchema = z.object({
  _id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  description: z.string(),
  /** Sanitised rich text (HTML); "" when the lesson has none. */
  body: z.string(),
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
export const contentOrderResponseSchema = envelope(z.object({ modules: z.array(moduleSchema) }));
export const lessonFileResponseSchema = envelope(z.object({ file: lessonFileSchema }));
