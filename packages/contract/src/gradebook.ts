import { z } from "zod";
import { ASSESSMENT_TYPES, LEARNER_ASSESSMENT_STATES, SCORING_RULES } from "./assessments.js";
import { envelope, paginationSchema } from "./common.js";

export const GRADEBOOK_LIMITS = {
  pageSizeDefault: 25,
  pageSizeMax: 100,
  searchMax: 100,
  /** Learners per database round trip while the CSV export streams. */
  exportBatch: 500,
  /** The learner dashboard's Gradebook card: courses with a grade, and assessments due next. */
  dashboardCourses: 5,
  dashboardDueNext: 3,
} as const;

export const GRADEBOOK_MESSAGES = {
  searchTooLong: `Search must be at most ${GRADEBOOK_LIMITS.searchMax} characters`,
} as const;

export const gradebookQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(GRADEBOOK_LIMITS.pageSizeMax).default(GRADEBOOK_LIMITS.pageSizeDefault),
  /** Narrows the learners to names or e-mails containing this text (managers only). */
  search: z.string().trim().max(GRADEBOOK_LIMITS.searchMax, GRADEBOOK_MESSAGES.searchTooLong).optional(),
});
export type GradebookQuery = z.infer<typeof gradebookQuerySchema>;

/** A column: one published assessment of the course. */
export const gradebookColumnSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.enum(ASSESSMENT_TYPES),
  totalPoints: z.number(),
  /** Relative weight in the course grade. */
  weight: z.number(),
  dueDate: z.string().nullable(),
  scoringRule: z.enum(SCORING_RULES),
});
export type GradebookColumn = z.infer<typeof gradebookColumnSchema>;

/** One learner on one assessment. */
export const gradebookCellSchema = z.object({
  /** Points that count under the scoring rule, from graded attempts; null before any. */
  score: z.number().nullable(),
  /** The same rule applied to each graded attempt's percent of the points it offered. */
  percent: z.number().nullable(),
  state: z.enum(LEARNER_ASSESSMENT_STATES),
  /** The submission that counts was handed in after the learner's due date. */
  late: z.boolean(),
  /** The learner's due date has passed and nothing was submitted; counts as 0 in the grade. */
  missing: z.boolean(),
  /** A submission waits for a hand grade. */
  needsGrading: z.boolean(),
});
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

export const gradebookRowSchema = z.object({
  learner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** `cells[i]` is the learner on `assessments[i]`. */
  cells: z.array(gradebookCellSchema),
  /** Weighted course grade in percent (see the README's grading rule); null while nothing counts yet. */
  grade: z.number().nullable(),
});
export type GradebookRow = z.infer<typeof gradebookRowSchema>;

export const gradebookSchema = z.object({
  assessments: z.array(gradebookColumnSchema),
  /** Managers: the course's learners in enrollment order, a page at a time; a learner: only their own row. */
  rows: z.array(gradebookRowSchema),
  pagination: paginationSchema,
});
export type Gradebook = z.infer<typeof gradebookSchema>;
export const gradebookResponseSchema = envelope(gradebookSchema);

/** The learner dashboard's Gradebook card. */
export const myGradesSchema = z.object({
  /** The learner's courses with at least one published assessment, most recently enrolled first. */
  courses: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      grade: z.number().nullable(),
      graded: z.number().int(),
      missing: z.number().int(),
      assessments: z.number().int(),
    }),
  ),
  /** Published assessments not yet submitted whose due date is still ahead, soonest first. */
  dueNext: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      type: z.enum(ASSESSMENT_TYPES),
      courseId: z.string(),
      courseTitle: z.string(),
      dueDate: z.string(),
      state: z.enum(LEARNER_ASSESSMENT_STATES),
    }),
  ),
});
export type MyGrades = z.infer<typeof myGradesSchema>;
export const myGradesResponseSchema = envelope(myGradesSchema);
