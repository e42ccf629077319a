import { z } from "zod";
import { ASSESSMENT_TYPES } from "./assessments.js";
import { messageGroup } from "./catalogued-message.js";
import { envelope, paginationSchema } from "./common.js";

export const ANALYTICS_INTERVALS = ["day", "week"] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

export const ANALYTICS_LIMITS = {
  /** Buckets of the enrollments-over-time series: by default 30 days or 12 weeks, at most 366. */
  periodsDefault: { day: 30, week: 12 },
  periodsMax: 366,
  studentsPageDefault: 20,
  studentsPageMax: 100,
  searchMax: 100,
} as const;

export const ANALYTICS_MESSAGES = messageGroup("ANALYTICS_MESSAGES", {
  badInterval: "Interval must be day or week",
  badPeriods: `Periods must be a whole number from 1 to ${ANALYTICS_LIMITS.periodsMax}`,
  badSort: "Sort must be one of: name, email, progress, lastActivity, enrolledAt, grade, missing",
  badOrder: "Order must be asc or desc",
  searchTooLong: `Search must be at most ${ANALYTICS_LIMITS.searchMax} characters`,
});

export const courseAnalyticsQuerySchema = z.object({
  interval: z.enum(ANALYTICS_INTERVALS, { error: ANALYTICS_MESSAGES.badInterval }).default("day"),
  periods: z.coerce
    .number({ error: ANALYTICS_MESSAGES.badPeriods })
    .int(ANALYTICS_MESSAGES.badPeriods)
    .min(1, ANALYTICS_MESSAGES.badPeriods)
    .max(ANALYTICS_LIMITS.periodsMax, ANALYTICS_MESSAGES.badPeriods)
    .optional(),
});
export type CourseAnalyticsQuery = z.infer<typeof courseAnalyticsQuerySchema>;

/** One bucket (a UTC day, or a week starting on Monday): new enrollments in it and all enrollments by its end. */
export const enrollmentPointSchema = z.object({
  start: z.string(),
  count: z.number().int(),
  total: z.number().int(),
});

export const assessmentFigureSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.enum(ASSESSMENT_TYPES),
  totalPoints: z.number(),
  /** Learners with a score that counts (a graded attempt, under the assessment's scoring rule). */
  graded: z.number().int(),
  /** Mean of those learners' counted scores, in points and in percent of totalPoints; null when nobody is graded. */
  averageScore: z.number().nullable(),
  averagePercent: z.number().nullable(),
});

export const sessionAttendanceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  scheduledAt: z.string(),
  /** Learners enrolled by the session's end, and those of them who joined it. */
  expected: z.number().int(),
  attended: z.number().int(),
});

/** Where learners stop: how many have this lesson as the last one they reached. */
export const stopPointSchema = z.object({
  lessonId: z.string(),
  title: z.string(),
  moduleTitle: z.string(),
  learners: z.number().int(),
});

export const courseAnalyticsSchema = z.object({
  courseId: z.string(),
  title: z.string(),
  enrollments: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    atRisk: z.number().int(),
  }),
  /** Percent of enrolled learners who completed the course (one decimal). */
  completionRate: z.number(),
  /** Mean progress of enrolled learners, in percent (one decimal). */
  averageProgress: z.number(),
  enrollmentsOverTime: z.object({ interval: z.enum(ANALYTICS_INTERVALS), points: z.array(enrollmentPointSchema) }),
  assessments: z.array(assessmentFigureSchema),
  attendance: z.object({
    /** Percent of expected attendances that happened, over sessions that are over; null without any. */
    rate: z.number().nullable(),
    expected: z.number().int(),
    attended: z.number().int(),
    sessions: z.array(sessionAttendanceSchema),
  }),
  /** Lessons in course order with the learners who stopped there; `notStarted` reached none. */
  stopPoints: z.object({ notStarted: z.number().int(), lessons: z.array(stopPointSchema) }),
});
export type CourseAnalytics = z.infer<typeof courseAnalyticsSchema>;
export const courseAnalyticsResponseSchema = envelope(z.object({ analytics: courseAnalyticsSchema }));

export const STUDENT_SORTS = ["name", "email", "progress", "lastActivity", "enrolledAt", "grade", "missing"] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

export const studentProgressQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ANALYTICS_LIMITS.studentsPageMax)
    .default(ANALYTICS_LIMITS.studentsPageDefault),
  search: z.string().trim().max(ANALYTICS_LIMITS.searchMax, ANALYTICS_MESSAGES.searchTooLong).optional(),
  sort: z.enum(STUDENT_SORTS, { error: ANALYTICS_MESSAGES.badSort }).default("name"),
  order: z.enum(["asc", "desc"], { error: ANALYTICS_MESSAGES.badOrder }).default("asc"),
});
export type StudentProgressQuery = z.infer<typeof studentProgressQuerySchema>;
/** The CSV export takes the same filter and order, without paging. */
export const studentProgressExportQuerySchema = studentProgressQuerySchema.omit({ page: true, limit: true });
export type StudentProgressExportQuery = z.infer<typeof studentProgressExportQuerySchema>;

export const studentProgressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  enrolledAt: z.string(),
  completed: z.boolean(),
  progress: z.number().int(),
  /** The last lesson view (null before any). */
  lastActivity: z.string().nullable(),
  lastLesson: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** Percent of the points of graded assessments earned (counted scores); null before any grade. */
  grade: z.number().nullable(),
  /** Published assessments past the learner's due date with nothing handed in. */
  missing: z.number().int(),
  atRisk: z.boolean(),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;
export const studentProgressResponseSchema = envelope(
  z.object({ students: z.array(studentProgressSchema), pagination: paginationSchema }),
);

/** The instructor dashboard's counters (spec §2, §7) over the courses one manages (admins: all). */
export const instructorDashboardStatsSchema = z.object({
  upcomingSessions: z.number().int(),
  activeAssessments: z.number().int(),
  courseMaterials: z.number().int(),
  totalCourses: z.number().int(),
  totalStudents: z.number().int(),
  needsGrading: z.number().int(),
});
export type InstructorDashboardStats = z.infer<typeof instructorDashboardStatsSchema>;
export const instructorDashboardStatsResponseSchema = envelope(z.object({ stats: instructorDashboardStatsSchema }));
