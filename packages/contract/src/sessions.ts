import { z } from "zod";
import { envelope, objectIdSchema, paginationQuerySchema, paginationSchema } from "./common.js";
import { OBJECT_ID_PATTERN } from "./constants.js";
import { learnerToDoSchema } from "./gradebook.js";
import { SESSION_MESSAGES as M } from "./session-messages.js";

export const SESSION_TYPES = ["live-class", "office-hours", "review"] as const;
export const SESSION_LOCATIONS = ["live", "in-person"] as const;
/** Stored status (spec §4). */
export const SESSION_STATUSES = ["scheduled", "live", "completed", "cancelled"] as const;
/** Displayed status, derived from the stored status and the clock (spec §4). */
export const SESSION_DISPLAY_STATUSES = ["upcoming", "live", "ended", "cancelled"] as const;
/** Durations offered by the schedule dialog, in minutes (spec §9). */
export const SESSION_DURATIONS = [30, 45, 60, 90, 120, 180] as const;
/**
 * Timezones the schedule dialog lists first (spec §9), then every other IANA zone; the api takes
 * any IANA zone name (see sessionTimezoneSchema). The dialog starts on the teacher's own zone
 * (issue 21); the first of these stays the api's default for a request that names no zone.
 */
export const SESSION_TIMEZONES = [
  "Asia/Kolkata",
  "America/New_York",
  "Europe/London",
  "America/Los_Angeles",
  "Asia/Tokyo",
  "Australia/Sydney",
] as const;
export const MEETING_PROVIDERS = ["jitsi", "zoom", "bbb"] as const;
/** How the interface names each video meeting provider. */
export const MEETING_PROVIDER_LABELS = {
  jitsi: "Jitsi Meet",
  zoom: "Zoom",
  bbb: "BigBlueButton",
} as const satisfies Record<(typeof MEETING_PROVIDERS)[number], string>;

export const SESSION_DEFAULTS = {
  duration: 60,
  timezone: "Asia/Kolkata",
  type: "live-class",
  location: "live",
  /** Default start: tomorrow at 10:00. */
  startDaysAhead: 1,
  startTime: "10:00",
} as const;

export const SESSION_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  durationMin: 1,
  durationMax: 480,
  maxParticipantsMax: 10000,
  learnerUpcoming: 3,
  learnerCompleted: 3,
  instructorDashboard: 5,
} as const;

/** Half-hour slots of the weekly calendar, 09:00 to 20:30 (spec §9). */
export const SESSION_SLOTS = { first: "09:00", last: "20:30", stepMinutes: 30 } as const;
export const SESSION_TIME_SLOTS: readonly string[] = Array.from({ length: 24 }, (_, i) => {
  const minutes = 9 * 60 + i * SESSION_SLOTS.stepMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
});

export const sessionTypeSchema = z.enum(SESSION_TYPES);
export const sessionLocationSchema = z.enum(SESSION_LOCATIONS);
export const sessionStatusSchema = z.enum(SESSION_STATUSES);
export const sessionDisplayStatusSchema = z.enum(SESSION_DISPLAY_STATUSES);
/** "Area/Location" names of the IANA database (or "UTC"), not offsets like "+05:30". */
const TIMEZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const TIMEZONE_NAME_MAX = 64;

function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Any IANA zone the runtime knows: the spec's six and, say, the instructor's own. */
export const sessionTimezoneSchema = z
  .string()
  .max(TIMEZONE_NAME_MAX, M.invalidTimezone)
  .regex(TIMEZONE_NAME, M.invalidTimezone)
  .refine(isKnownTimezone, M.invalidTimezone);
export const meetingProviderSchema = z.enum(MEETING_PROVIDERS);
export type SessionType = z.infer<typeof sessionTypeSchema>;
export type SessionLocation = z.infer<typeof sessionLocationSchema>;
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
export type SessionDisplayStatus = z.infer<typeof sessionDisplayStatusSchema>;
export type MeetingProviderName = z.infer<typeof meetingProviderSchema>;

/**
 * completed shows as ended, cancelled as cancelled, live as live; a scheduled session is
 * upcoming before its start, live between start and end, ended after its end (spec §4).
 */
export function deriveDisplayStatus(
  session: { status: SessionStatus; scheduledAt: string; duration: number },
  now: Date = new Date(),
): SessionDisplayStatus {
  if (session.status === "completed") return "ended";
  if (session.status === "cancelled" || session.status === "live") return session.status;
  const start = Date.parse(session.scheduledAt);
  if (now.getTime() < start) return "upcoming";
  return now.getTime() < start + session.duration * 60_000 ? "live" : "ended";
}

const titleSchema = z
  .string({ error: M.requiredFields })
  .trim()
  .min(1, M.requiredFields)
  .max(SESSION_LIMITS.titleMax, M.titleTooLong);
const descriptionSchema = z.string().trim().max(SESSION_LIMITS.descriptionMax, M.descriptionTooLong);
/**
 * An instant ("2027-01-14T13:00:00Z", "…+01:00"), or a wall-clock time without an offset
 * ("2027-01-14T14:00"), which is read on the clocks of the session's `timezone`.
 */
const scheduledAtSchema = z.iso.datetime({
  offset: true,
  local: true,
  error: (issue) => (issue.input === undefined ? M.requiredFields : M.invalidScheduledAt)(issue),
});
const durationSchema = z
  .number()
  .int()
  .min(SESSION_LIMITS.durationMin, M.durationMin)
  .max(SESSION_LIMITS.durationMax, M.durationMax);
/** Empty means unlimited. */
const maxParticipantsSchema = z
  .number()
  .int()
  .min(1, M.maxParticipantsMin)
  .max(SESSION_LIMITS.maxParticipantsMax, M.maxParticipantsMax)
  .nullable();

/** The schedule form (spec §5): the course comes from the path on instructor calls. */
export const sessionFieldsSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.default(""),
  scheduledAt: scheduledAtSchema,
  duration: durationSchema.default(SESSION_DEFAULTS.duration),
  timezone: sessionTimezoneSchema.default(SESSION_DEFAULTS.timezone),
  type: sessionTypeSchema.default(SESSION_DEFAULTS.type),
  location: sessionLocationSchema.default(SESSION_DEFAULTS.location),
  maxParticipants: maxParticipantsSchema.default(null),
});
export type SessionFields = z.infer<typeof sessionFieldsSchema>;

export const createSessionRequestSchema = sessionFieldsSchema.extend({
  courseId: z.string({ error: M.requiredFields }).regex(OBJECT_ID_PATTERN, "Invalid course ID format.").toLowerCase(),
});
export type CreateSessionRequest = z.infer<typeof createSessionRequestSchema>;

/** A change of time or duration moves the session; `status: "cancelled"` cancels it. */
export const updateSessionRequestSchema = z.object({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  scheduledAt: scheduledAtSchema.optional(),
  duration: durationSchema.optional(),
  timezone: sessionTimezoneSchema.optional(),
  type: sessionTypeSchema.optional(),
  location: sessionLocationSchema.optional(),
  maxParticipants: maxParticipantsSchema.optional(),
  status: z.literal("cancelled").optional(),
});
export type UpdateSessionRequest = z.infer<typeof updateSessionRequestSchema>;

/** GET /instructor/courses/:id/sessions/conflicts: what a planned slot would clash with. */
export const sessionConflictsQuerySchema = z.object({
  scheduledAt: scheduledAtSchema,
  duration: z.coerce.number().pipe(durationSchema),
  /** The zone of a `scheduledAt` without an offset. */
  timezone: sessionTimezoneSchema.default(SESSION_DEFAULTS.timezone),
  /** The session being edited, which does not clash with itself. */
  excludeSessionId: objectIdSchema.optional(),
});
export type SessionConflictsQuery = z.infer<typeof sessionConflictsQuerySchema>;

/** Start: `early` confirms a start more than SESSION_EARLY_START_MINUTES before the scheduled time. */
export const startSessionRequestSchema = z.object({ early: z.boolean({ error: M.earlyNotBoolean }).optional() });
export type StartSessionRequest = z.infer<typeof startSessionRequestSchema>;

export const sessionIdParamsSchema = z.object({ id: objectIdSchema });
export const courseSessionParamsSchema = z.object({ id: objectIdSchema, sessionId: objectIdSchema });

export const sessionListQuerySchema = paginationQuerySchema.extend({
  courseId: objectIdSchema.optional(),
  status: sessionStatusSchema.optional(),
  /** Sessions starting at or after this time (e.g. the first day of the weekly calendar). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Sessions starting before this time. */
  to: z.iso.datetime({ offset: true }).optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

const refSchema = z.object({ _id: z.string(), name: z.string() });

/** A session as every client sees it: never a host link or other meeting secrets. */
export const sessionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  instructor: refSchema.nullable(),
  scheduledAt: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  timezone: z.string(),
  type: sessionTypeSchema,
  location: sessionLocationSchema,
  maxParticipants: z.number().int().nullable(),
  participants: z.number().int(),
  status: sessionStatusSchema,
  displayStatus: sessionDisplayStatusSchema,
  hasRecording: z.boolean(),
  provider: meetingProviderSchema.nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionResponseSchema = envelope(z.object({ session: sessionSchema }));
export const sessionListResponseSchema = envelope(
  z.object({ sessions: z.array(sessionSchema), pagination: paginationSchema }),
);
export const courseSessionsResponseSchema = envelope(z.object({ sessions: z.array(sessionSchema) }));
export const instructorDashboardSessionsResponseSchema = envelope(
  z.object({ sessions: z.array(sessionSchema), total: z.number().int() }),
);

/** Start (the host's link) and join (a per-person link; the host's for the session's managers). */
export const sessionConflictsSchema = z.object({
  /** The course teacher's other sessions, in every course they teach, that overlap the slot. */
  teacherSessions: z.array(sessionSchema),
  /** How many learners of the course have another session (of any of their courses) then. */
  learnersBusy: z.number().int(),
});
export type SessionConflicts = z.infer<typeof sessionConflictsSchema>;
export const sessionConflictsResponseSchema = envelope(sessionConflictsSchema);

export const sessionJoinResponseSchema = envelope(
  z.object({
    /** null for an in-person session. */
    joinUrl: z.string().nullable(),
    role: z.enum(["host", "attendee"]),
    session: sessionSchema,
  }),
);

export const attendanceRecordSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  joinedAt: z.string(),
  leftAt: z.string().nullable(),
  present: z.boolean(),
  /** Time spent in the session, in seconds, counting an ongoing visit up to now. */
  seconds: z.number().int(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

export const attendanceListResponseSchema = envelope(
  z.object({
    attendance: z.array(attendanceRecordSchema),
    summary: z.object({ attendees: z.number().int(), present: z.number().int(), totalSeconds: z.number().int() }),
  }),
);
export const myAttendanceResponseSchema = envelope(z.object({ attendance: attendanceRecordSchema }));

/** Learner dashboard "Learning Activities" (spec §2, §3 Activity). */
export const LEARNING_ACTIVITY_TYPES = [
  "live-class",
  "quiz",
  "assignment",
  "discussion",
  "residency",
  "other",
] as const;
export const LEARNING_ACTIVITY_STATUSES = ["ongoing", "upcoming", "completed", "missed"] as const;

export const learningActivitySchema = z.object({
  _id: z.string(),
  type: z.enum(LEARNING_ACTIVITY_TYPES),
  /** The kind of live session; null for a quiz or an assignment (their `_id` is the assessment's). */
  sessionType: sessionTypeSchema.nullable(),
  title: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** When the session starts, or when the quiz or assignment is due. */
  scheduledAt: z.string(),
  /** The session's timezone; UTC for a due date. */
  timezone: z.string(),
  /** YYYY-MM-DD in the session's timezone. */
  date: z.string(),
  /** HH:mm in the session's timezone. */
  time: z.string(),
  instructor: z.string().nullable(),
  status: z.enum(LEARNING_ACTIVITY_STATUSES),
  hasRecording: z.boolean(),
  /** The newest recording, for the Watch button. */
  recordingId: z.string().nullable(),
  /** A session's place: Join is offered for an online one. Absent for a quiz or an assignment. */
  location: sessionLocationSchema.optional(),
  /** When a past session really ended (its scheduled end if nobody ended it). Absent otherwise. */
  endedAt: z.string().nullable().optional(),
});
export type LearningActivity = z.infer<typeof learningActivitySchema>;

export const learningActivitiesResponseSchema = envelope(
  z.object({
    /**
     * Live sessions, and quizzes and assignments with a due date: up to 3 upcoming or ongoing,
     * soonest first, then up to 3 completed or missed, newest first.
     */
    activities: z.array(learningActivitySchema),
    /**
     * The learner's to-dos: every open attempt and every published assessment not attempted yet
     * that may be started now, dated ones first (soonest first), then undated. Quizzes and
     * assignments listed here are not repeated among the `activities`.
     */
    toDos: z.array(learnerToDoSchema),
    /** Past sessions of the learner's courses and how many of them the learner attended. */
    attendance: z.object({ attended: z.number().int(), total: z.number().int(), rate: z.number().int() }),
  }),
);
