import { z } from "zod";
import { OBJECT_ID_PATTERN, ROLES } from "./constants.js";

export const ACTIVITY_TYPES = [
  "login",
  "logout",
  "course_enrollment",
  "course_completion",
  "session_join",
  "session_leave",
  "assignment_submit",
  "quiz_attempt",
  "quiz_completion",
  "material_download",
  "profile_update",
  "password_reset",
  "course_view",
  "lesson_view",
  "discussion_post",
  "discussion_reply",
  "certificate_earned",
  "payment_made",
  "admin_action",
  "instructor_action",
  "password_changed",
  "email_changed",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_code_used",
  "signed_out_everywhere",
  "credits_granted",
  "credits_received",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The server's list of types (spec §3): value, label and a lucide icon name. */
export const ACTIVITY_TYPE_INFO: readonly { value: ActivityType; label: string; icon: string }[] = [
  { value: "login", label: "Login", icon: "log-in" },
  { value: "logout", label: "Logout", icon: "log-out" },
  { value: "course_enrollment", label: "Course Enrollment", icon: "book-plus" },
  { value: "course_completion", label: "Course Completion", icon: "graduation-cap" },
  { value: "session_join", label: "Session Join", icon: "video" },
  { value: "session_leave", label: "Session Leave", icon: "video-off" },
  { value: "assignment_submit", label: "Assignment Submit", icon: "file-check" },
  { value: "quiz_attempt", label: "Quiz Attempt", icon: "circle-question-mark" },
  { value: "quiz_completion", label: "Quiz Completion", icon: "circle-check" },
  { value: "material_download", label: "Material Download", icon: "download" },
  { value: "profile_update", label: "Profile Update", icon: "user-pen" },
  { value: "password_reset", label: "Password Reset", icon: "key-round" },
  { value: "course_view", label: "Course View", icon: "book-open" },
  { value: "lesson_view", label: "Lesson View", icon: "play" },
  { value: "discussion_post", label: "Discussion Post", icon: "message-square" },
  { value: "discussion_reply", label: "Discussion Reply", icon: "reply" },
  { value: "certificate_earned", label: "Certificate Earned", icon: "award" },
  { value: "payment_made", label: "Payment Made", icon: "credit-card" },
  { value: "admin_action", label: "Admin Action", icon: "shield" },
  { value: "instructor_action", label: "Instructor Action", icon: "presentation" },
  { value: "password_changed", label: "Password Changed", icon: "key-round" },
  { value: "email_changed", label: "E-mail Changed", icon: "mail" },
  { value: "two_factor_enabled", label: "Two-Factor On", icon: "shield-check" },
  { value: "two_factor_disabled", label: "Two-Factor Off", icon: "shield-off" },
  { value: "recovery_code_used", label: "Recovery Code Used", icon: "life-buoy" },
  { value: "signed_out_everywhere", label: "Signed Out Everywhere", icon: "log-out" },
  { value: "credits_granted", label: "Credits Granted", icon: "hand-coins" },
  { value: "credits_received", label: "Credits Received", icon: "coins" },
];

/** Security events: their account's user cannot delete them (an admin sees them in the activity views). */
export const SECURITY_ACTIVITY_TYPES: readonly ActivityType[] = [
  "password_reset",
  "password_changed",
  "email_changed",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_code_used",
  "signed_out_everywhere",
];

export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_PAGE_SIZE_MAX = 100;
/**
 * Totals counted from the entries (course or search filters) stop here: `pagination.capped` says more
 * match. A role's total, read from stored counts, stops here too, as it did when it was counted.
 */
export const ACTIVITY_COUNT_CAP = 10_000;
/** The longest range stats cover, in days. */
export const ACTIVITY_STATS_MAX_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = (field: string) =>
  z
    .string()
    .regex(DAY_PATTERN, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${field} must be a real date`);
const objectId = (message: string) => z.string().regex(OBJECT_ID_PATTERN, message).toLowerCase();

const rangeIsOrdered = (q: { startDate?: string; endDate?: string }) =>
  !q.startDate || !q.endDate || q.startDate <= q.endDate;
const RANGE_MESSAGE = { message: "startDate must not be after endDate", path: ["endDate"] };

export const activityFilterSchema = z.object({
  type: z.enum(ACTIVITY_TYPES).optional(),
  courseId: objectId("Invalid course ID").optional(),
  startDate: daySchema("startDate").optional(),
  endDate: daySchema("endDate").optional(),
  search: z.string().trim().max(100).optional(),
});
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

export const activityListQuerySchema = activityFilterSchema
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_SIZE_MAX).default(ACTIVITY_PAGE_SIZE),
  })
  .refine(rangeIsOrdered, RANGE_MESSAGE);
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

/** The admin log: everyone's entries, also by user and by the role they had. */
export const adminActivityQuerySchema = activityFilterSchema
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_SIZE_MAX).default(ACTIVITY_PAGE_SIZE),
    userId: objectId("Invalid user ID").optional(),
    role: z.enum(ROLES).optional(),
  })
  .refine(rangeIsOrdered, RANGE_MESSAGE);
export type AdminActivityQuery = z.infer<typeof adminActivityQuerySchema>;

/** The export takes the admin log's filters; `format=csv` (or `Accept: text/csv`) streams a CSV. */
export const activityExportQuerySchema = activityFilterSchema
  .extend({
    userId: objectId("Invalid user ID").optional(),
    role: z.enum(ROLES).optional(),
    format: z.enum(["json", "csv"]).optional(),
  })
  .refine(rangeIsOrdered, RANGE_MESSAGE);
export type ActivityExportQuery = z.infer<typeof activityExportQuerySchema>;

export const activityStatsQuerySchema = z
  .object({
    startDate: daySchema("startDate").optional(),
    endDate: daySchema("endDate").optional(),
    userId: objectId("Invalid user ID").optional(),
  })
  .refine(rangeIsOrdered, RANGE_MESSAGE);
export type ActivityStatsQuery = z.infer<typeof activityStatsQuerySchema>;

export const activityEntrySchema = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  user: z.object({ _id: z.string().nullable(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  course: z.object({ _id: z.string().nullable(), title: z.string(), courseCode: z.string() }).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  formattedDate: z.string(),
  formattedTime: z.string(),
  timeAgo: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  capped: z.boolean(),
});

export const activityListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ activities: z.array(activityEntrySchema), pagination: activityPaginationSchema }),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

export const activityTypesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ types: z.array(z.object({ value: z.string(), label: z.string(), icon: z.string() })) }),
});

export const activityStatsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    startDate: z.string(),
    endDate: z.string(),
    total: z.number().int(),
    byType: z.array(z.object({ type: z.string(), count: z.number().int() })),
    byDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  }),
});

export const activityParamsSchema = z.object({ id: objectId("Invalid ID format") });
