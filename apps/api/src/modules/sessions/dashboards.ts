import {
  deriveDisplayStatus,
  GRADEBOOK_LIMITS,
  type LearningActivity,
  SESSION_LIMITS,
  type SessionLocation,
  type SessionStatus,
  type SessionType,
} from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { dueActivities } from "../gradebook/due-activities.js";
import { learnerToDos } from "../gradebook/to-dos.js";
import { type LearnerSessionRow, learnerSessions } from "./dashboard-repo.js";
import { upcomingScheduled } from "./repo.js";

const dateIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
const timeIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);

function toActivity(row: LearnerSessionRow, now: Date): LearningActivity {
  const start = new Date(row.scheduled_at);
  const display = deriveDisplayStatus(
    { status: row.status as SessionStatus, scheduledAt: row.scheduled_at, duration: row.duration },
    now,
  );
  const status =
    display === "live" ? "ongoing" : display === "upcoming" ? "upcoming" : row.attended ? "completed" : "missed";
  return {
    _id: row.id,
    // Every session is a live class among the dashboard's activity kinds; sessionType tells which.
    type: "live-class",
    sessionType: row.type as SessionType,
    title: row.title,
    courseId: row.course_id,
    courseTitle: row.course_title,
    scheduledAt: row.scheduled_at,
    timezone: row.timezone,
    date: dateIn(start, row.timezone),
    time: timeIn(start, row.timezone),
    instructor: row.instructor_name,
    status,
    hasRecording: row.latest_recording_id !== null,
    recordingId: row.latest_recording_id,
    location: row.location as SessionLocation,
    endedAt: display === "ended" ? (row.ended_at ?? row.ends_at) : null,
  };
}

const soonestFirst = (a: LearningActivity, b: LearningActivity) =>
  a.scheduledAt < b.scheduledAt ? -1 : a.scheduledAt > b.scheduledAt ? 1 : 0;

/**
 * The learner dashboard's "Learning Activities" (the sessions, quizzes and assignments of the
 * learner's own courses: the next ones, then the latest past ones; and their to-dos, which are
 * not repeated among them) and attendance card.
 */
export async function learningActivities(db: Kysely<Database>, userId: string, now = new Date()) {
  const limits = { upcoming: SESSION_LIMITS.learnerUpcoming, past: SESSION_LIMITS.learnerCompleted };
  const [found, due, toDos] = await Promise.all([
    learnerSessions(db, userId, now.toISOString(), limits),
    dueActivities(db, userId, now, limits),
    learnerToDos(db, userId, now, GRADEBOOK_LIMITS.dashboardDueNext),
  ]);
  const listed = new Set(toDos.map((todo) => todo._id));
  const notToDo = (activity: LearningActivity) => !listed.has(activity._id);
  const upcoming = [...found.upcoming.map((row) => toActivity(row, now)), ...due.upcoming.filter(notToDo)]
    .sort(soonestFirst)
    .slice(0, limits.upcoming);
  const past = [...found.past.map((row) => toActivity(row, now)), ...due.past.filter(notToDo)]
    .sort((a, b) => soonestFirst(b, a))
    .slice(0, limits.past);
  return {
    activities: [...upcoming, ...past],
    toDos,
    attendance: {
      attended: found.attended,
      total: found.total,
      rate: found.total ? Math.round((found.attended / found.total) * 100) : 0,
    },
  };
}

/** The instructor dashboard's upcoming sessions: scheduled and not over, soonest first. */
export const instructorUpcoming = (db: Kysely<Database>, instructorId: string | null, now = new Date()) =>
  upcomingScheduled(db, instructorId, now.toISOString(), SESSION_LIMITS.instructorDashboard);
