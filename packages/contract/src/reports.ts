import { z } from "zod";
import { issueOf, messageGroup } from "./catalogued-message.js";
import { courseIdSchema } from "./ids.js";
import { roleSchema } from "./users.js";

/** The admin reports (issue 11): each is a CSV file of one kind of record. */
export const REPORT_TYPES = ["users", "courses", "enrollments", "activity", "sessions", "grades"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_FILTERS = ["startDate", "endDate", "courseId", "role"] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** The filters each report takes; any other filter is refused with a message (400). */
export const REPORT_FILTERS_BY_TYPE: Record<ReportType, readonly ReportFilter[]> = {
  users: ["startDate", "endDate", "role"],
  courses: ["startDate", "endDate"],
  enrollments: ["startDate", "endDate", "courseId", "role"],
  activity: ["startDate", "endDate", "courseId", "role"],
  sessions: ["startDate", "endDate", "courseId"],
  grades: ["courseId"],
};

export const REPORT_LABELS: Record<ReportType, string> = {
  users: "Users",
  courses: "Courses",
  enrollments: "Enrollments",
  activity: "Activity",
  sessions: "Live sessions and attendance",
  grades: "Grades",
};

/** What the date range filters in each report. */
export const REPORT_DATE_FIELDS: Partial<Record<ReportType, string>> = {
  users: "joined",
  courses: "created",
  enrollments: "enrolled",
  activity: "happened",
  sessions: "scheduled",
};

const FILTER_NAMES: Record<ReportFilter, string> = {
  startDate: "date range",
  endDate: "date range",
  courseId: "course",
  role: "role",
};

export const REPORT_MESSAGES = messageGroup("REPORT_MESSAGES", {
  reportType: `Report type must be one of ${REPORT_TYPES.join(", ")}`,
  date: "Use a date like 2026-11-24",
  endBeforeStart: "The end date is before the start date",
});

export const reportFilterNotAppliedMessage = (type: ReportType, filter: ReportFilter) =>
  `The ${type} report has no ${FILTER_NAMES[filter]} filter`;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.date)
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00.000Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, REPORT_MESSAGES.date);

export const reportFiltersSchema = z
  .object({
    /** First day included (UTC). */
    startDate: daySchema.optional(),
    /** Last day included (UTC). */
    endDate: daySchema.optional(),
    courseId: courseIdSchema.optional(),
    role: roleSchema.optional(),
  })
  .strict();
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** POST /admin/reports: the answer is the CSV file itself. */
export const reportRequestSchema = z
  .object({
    reportType: z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.reportType }),
    filters: reportFiltersSchema.default({}),
  })
  .superRefine(({ reportType, filters }, ctx) => {
    const allowed = REPORT_FILTERS_BY_TYPE[reportType];
    for (const filter of REPORT_FILTERS) {
      if (filters[filter] !== undefined && !allowed.includes(filter)) {
        ctx.addIssue({
          code: "custom",
          path: ["filters", filter],
          message: reportFilterNotAppliedMessage(reportType, filter),
        });
      }
    }
    if (filters.startDate && filters.endDate && filters.endDate < filters.startDate) {
      ctx.addIssue({ code: "custom", path: ["filters", "endDate"], ...issueOf(REPORT_MESSAGES.endBeforeStart) });
    }
  });
export type ReportRequest = z.infer<typeof reportRequestSchema>;
export type ReportRequestInput = z.input<typeof reportRequestSchema>;

/** `users-report-2026-11-24.csv`: the report type and the day it was made (UTC). */
export const reportFileName = (type: ReportType, madeAt: Date) =>
  `${type}-report-${madeAt.toISOString().slice(0, 10)}.csv`;
