import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { OBJECT_ID_PATTERN } from "./constants.js";
import { courseSchema } from "./courses.js";
import { MESSAGES } from "./messages.js";

export const COURSE_COPY_MESSAGES = messageGroup("COURSE_COPY_MESSAGES", {
  copied: "Course copied. The copy is a draft.",
  offsetWhole: "The date shift must be a whole number of days",
  offsetRange: "The date shift must be between -3650 and 3650 days",
});

/** The largest date shift in days, either way: ten years. */
export const COURSE_COPY_MAX_OFFSET_DAYS = 3650;

const M = COURSE_COPY_MESSAGES;

/**
 * POST /api/{instructor|admin}/courses/{id}/copy: a new draft course with the original's content
 * (next term's copy). Its assessments' availability and due dates move by `dateOffsetDays`.
 */
export const courseCopySchema = z.object({
  /** The new course's title; "<title> (copy)" when left out. */
  title: z
    .string({ error: MESSAGES.titleRequired })
    .trim()
    .min(1, MESSAGES.titleRequired)
    .max(200, MESSAGES.titleTooLong)
    .optional(),
  dateOffsetDays: z
    .number({ error: M.offsetWhole })
    .int(M.offsetWhole)
    .min(-COURSE_COPY_MAX_OFFSET_DAYS, M.offsetRange)
    .max(COURSE_COPY_MAX_OFFSET_DAYS, M.offsetRange)
    .default(0),
  /** Admins only: who teaches the copy (an active instructor); by default the original's instructor. */
  instructorId: z
    .string({ error: MESSAGES.selectInstructor })
    .regex(OBJECT_ID_PATTERN, MESSAGES.selectInstructor)
    .toLowerCase()
    .optional(),
});
export type CourseCopy = z.infer<typeof courseCopySchema>;
export type CourseCopyInput = z.input<typeof courseCopySchema>;

/** How many of each kind of row the copy holds. */
export const courseCopyCountsSchema = z.object({
  modules: z.number().int(),
  lessons: z.number().int(),
  files: z.number().int(),
  materials: z.number().int(),
  assessments: z.number().int(),
  questions: z.number().int(),
});
export type CourseCopyCounts = z.infer<typeof courseCopyCountsSchema>;

export const courseCopyResponseSchema = envelope(z.object({ course: courseSchema, copied: courseCopyCountsSchema }));
export type CourseCopyResponse = z.infer<typeof courseCopyResponseSchema>;
