import { z } from "zod";
import { envelope, errorItemSchema } from "./common.js";
import { idSchema } from "./ids.js";
import { NOTE_CONTENT_MAX, NOTE_MESSAGES } from "./note-limits.js";

/**
 * The caller's own note on a lesson. `updatedAt` is the server's version of it (null: no note);
 * a save names the version it was based on so the server can refuse one made on a stale copy.
 */
export const lessonNoteSchema = z.object({
  lessonId: idSchema,
  content: z.string(),
  updatedAt: z.string().nullable(),
});
export type LessonNote = z.infer<typeof lessonNoteSchema>;

/** Empty content deletes the note. `baseUpdatedAt`: the `updatedAt` of the server note this text was edited from. */
export const lessonNoteUpdateSchema = z.object({
  content: z.string().max(NOTE_CONTENT_MAX, NOTE_MESSAGES.tooLong),
  baseUpdatedAt: z.string().max(40).nullable(),
});
export type LessonNoteUpdate = z.infer<typeof lessonNoteUpdateSchema>;

export const lessonNoteResponseSchema = envelope(z.object({ note: lessonNoteSchema }));

/** 409: the server's note changed since `baseUpdatedAt`; its current copy comes back so nothing is lost. */
export const lessonNoteConflictResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(errorItemSchema).optional(),
  data: z.object({ note: lessonNoteSchema }),
});

/** One of the caller's notes in a course's list (course order: module, then lesson). */
export const courseNoteSchema = lessonNoteSchema.extend({
  updatedAt: z.string(),
  lessonTitle: z.string(),
  moduleId: idSchema,
  moduleTitle: z.string(),
});
export type CourseNote = z.infer<typeof courseNoteSchema>;

export const courseNotesResponseSchema = envelope(z.object({ notes: z.array(courseNoteSchema) }));
