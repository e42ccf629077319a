import {
  type CreateSessionRequest,
  createSessionRequestSchema,
  issueOf,
  SESSION_MESSAGES as M,
  SESSION_DEFAULTS,
  type SESSION_LOCATIONS,
  type Session,
  type SessionType,
  sessionFieldsSchema,
} from "@lms/contract";
import { z } from "zod";
import { viewerTimeZone } from "@/lib/datetime";
import { addDaysTo, instantOf, todayIn, wallClockOf } from "./week";
import { currentZoneName } from "./zones";

export const DATE_BEFORE_TODAY = "The date cannot be before today.";

export interface ScheduleFormValues {
  courseId: string;
  title: string;
  description: string;
  /** yyyy-MM-dd on the clocks of `timezone`. */
  date: string;
  /** HH:mm on the clocks of `timezone`. */
  time: string;
  duration: number;
  /** Any IANA zone; the spec's six are offered first. */
  timezone: string;
  type: SessionType;
  location: (typeof SESSION_LOCATIONS)[number];
  /** Empty means unlimited. */
  maxParticipants: string;
}

const fields = sessionFieldsSchema.shape;
const required = z.string().trim().min(1, M.requiredFields);

/** Spec §5 "Schedule session": the form's values in, the api's CreateSessionRequest out. */
export const scheduleFormSchema = z
  .object({
    courseId: required.pipe(createSessionRequestSchema.shape.courseId),
    title: fields.title,
    description: fields.description.unwrap(),
    date: required,
    time: required,
    duration: fields.duration.unwrap(),
    timezone: fields.timezone.unwrap(),
    type: fields.type.unwrap(),
    location: fields.location.unwrap(),
    maxParticipants: z
      .string()
      .trim()
      .refine((value) => value === "" || /^\d+$/.test(value), M.maxParticipantsMin)
      .transform((value) => (value === "" ? null : Number(value)))
      .pipe(fields.maxParticipants.unwrap()),
  })
  .superRefine((values, ctx) => {
    if (!values.date || !values.time) return;
    if (values.date < todayIn(values.timezone)) {
      ctx.addIssue({ code: "custom", path: ["date"], message: DATE_BEFORE_TODAY });
    } else if (instantOf(values.date, values.time, values.timezone).getTime() < Date.now()) {
      ctx.addIssue({ code: "custom", path: ["time"], ...issueOf(M.scheduledInPast) });
    }
  })
  .transform(
    ({ date, time, ...rest }): CreateSessionRequest => ({
      ...rest,
      scheduledAt: instantOf(date, time, rest.timezone).toISOString(),
    }),
  );

/**
 * Spec §9: tomorrow at 10:00, 60 minutes, live, unlimited. The zone is the teacher's saved
 * time-zone preference, else the browser's (issue 21; the spec's default was Asia/Kolkata).
 */
export function scheduleDefaults(
  courseId: string,
  now = new Date(),
  timezone = currentZoneName(viewerTimeZone()),
): ScheduleFormValues {
  return {
    courseId,
    title: "",
    description: "",
    date: addDaysTo(todayIn(timezone, now), SESSION_DEFAULTS.startDaysAhead),
    time: SESSION_DEFAULTS.startTime,
    duration: SESSION_DEFAULTS.duration,
    timezone,
    type: SESSION_DEFAULTS.type,
    location: SESSION_DEFAULTS.location,
    maxParticipants: "",
  };
}

/** The edit form starts on the session as it is, its time on the clocks of its own zone. */
export function editDefaults(session: Session): ScheduleFormValues {
  const { day, time } = wallClockOf(session.scheduledAt, session.timezone);
  return {
    courseId: session.courseId,
    title: session.title,
    description: session.description,
    date: day,
    time,
    duration: session.duration,
    timezone: session.timezone,
    type: session.type,
    location: session.location,
    maxParticipants: session.maxParticipants === null ? "" : String(session.maxParticipants),
  };
}
