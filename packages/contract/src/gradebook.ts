import { z } from "zod";
import { ASSESSMENT_TYPES, LEARNER_ASSESSMENT_STATES, SCORING_RULES } from "./assessments.js";
import { messageGroup } from "./catalogued-message.js";
import { envelope, paginationSchema } from "./common.js";

export const GRADEBOOK_LIMITS = {
  pageSizeDefault: 25,
  pageSizeMax: 100,
  searchMax: 100,
  /** Learners per database round trip while the CSV export streams. */
  exportBatch: 500,
  /** The learner dashboard's Gradebook card: courses with a grade, and assessments due next. */
  dashboardCourses: 5,
  /** The learner's to-dos ("Due next", Learning Activities): open attempts and assessments not yet attempted. */
  dashboardDueNext: 10,
} as const;

export const GRADEBOOK_MESSAGES = messageGroup("GRADEBOOK_MESSAGES", {
  searchTooLong: `Search must be at most ${GRADEBOOK_LIMITS.searchMax} characters`,
});

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
  /**
   * `packageScores[i]` is the learner's score in percent on `packages[i]` (a SCORM package's scaled
   * score, or raw over max); null before the package reported one. Not part of `grade`.
   */
  packageScores: z.array(z.number().nullable()).optional(),
});
export type GradebookRow = z.infer<typeof gradebookRowSchema>;

/** `course`: the course's managers see every learner; `own`: a learner sees only their own grades. */
export const GRADEBOOK_VIEWS = ["course", "own"] as const;

/** What scores a lesson content column: a SCORM package, or an LTI tool's line item. */
export const GRADEBOOK_PACKAGE_KINDS = ["scorm", "lti"] as const;

/** A scored lesson content (a SCORM package, an LTI tool): a gradebook column besides the assessments. */
export const gradebookPackageColumnSchema = z.object({
  _id: z.string(),
  lessonId: z.string(),
  title: z.string(),
  kind: z.enum(GRADEBOOK_PACKAGE_KINDS),
});
export type GradebookPackageColumn = z.infer<typeof gradebookPackageColumnSchema>;

export const gradebookSchema = z.object({
  view: z.enum(GRADEBOOK_VIEWS),
  assessments: z.array(gradebookColumnSchema),
  /** The course's published lessons' SCORM packages and LTI line items, in course order; each row's `packageScores` follow them. */
  packages: z.array(gradebookPackageColumnSchema).optional(),
  /** Managers: the course's learners in enrollment order, a page at a time; a learner: only their own row. */
  rows: z.array(gradebookRowSchema),
  pagination: paginationSchema,
});
export type Gradebook = z.infer<typeof gradebookSchema>;
export const gradebookResponseSchema = envelope(gradebookSchema);

/**
 * One to-do of a learner: an attempt they left open, or a published assessment of one of their
 * courses that they have not attempted yet and may start now. Listed with a due date (the earliest
 * of the due date and a timed attempt's end) first, soonest first, then the undated ones.
 */
export const learnerToDoSchema = z.object({
  /** The assessment. */
  _id: z.string(),
  title: z.string(),
  type: z.enum(ASSESSMENT_TYPES),
  courseId: z.string(),
  courseTitle: z.string(),
  /** The learner's due date (their override's, or the assessment's); null when undated. */
  dueDate: z.string().nullable(),
  /** `in_progress`: an attempt is open, to resume; `not_started`: not attempted yet. */
  state: z.enum(LEARNER_ASSESSMENT_STATES),
  /** The open attempt, if any. */
  attemptId: z.string().nullable(),
  /** When the open attempt ends on its own (its time limit); null when it is not timed. */
  attemptDeadline: z.string().nullable(),
  /** The assessment's time limit for a new attempt, in minutes; null when untimed. */
  timeLimitMinutes: z.number().int().nullable(),
});
export type LearnerToDo = z.infer<typeof learnerToDoSchema>;

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
  /** The learner's to-dos (see `learnerToDoSchema`). */
  dueNext: z.array(learnerToDoSchema),
});
export type MyGrades = z.infer<typeof myGradesSchema>;
export const myGradesResponseSchema = envelope(myGradesSchema);
