import {
  type AttendanceRecord,
  deriveDisplayStatus,
  type MeetingProviderName,
  type Session,
  type SessionDisplayStatus,
  type SessionStatus,
  type SessionType,
} from "@lms/contract";
import type { AttendanceRow } from "./attendance-repo.js";
import type { SessionRow } from "./repo.js";

export const displayStatusOf = (
  row: Pick<SessionRow, "status" | "scheduled_at" | "duration">,
  now = new Date(),
): SessionDisplayStatus =>
  deriveDisplayStatus(
    { status: row.status as SessionStatus, scheduledAt: row.scheduled_at, duration: row.duration },
    now,
  );

/** The session every client sees: meeting links and provider data stay on the server. */
export function presentSession(row: SessionRow, now = new Date()): Session {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    courseId: row.course_id,
    courseTitle: row.course_title,
    instructor: row.instructor_id && row.instructor_name ? { _id: row.instructor_id, name: row.instructor_name } : null,
    scheduledAt: row.scheduled_at,
    endTime: row.ends_at,
    duration: row.duration,
    timezone: row.timezone,
    type: row.type as SessionType,
    location: row.location as Session["location"],
    maxParticipants: row.max_participants,
    participants: Number(row.participants ?? 0),
    status: row.status as SessionStatus,
    displayStatus: displayStatusOf(row, now),
    hasRecording: row.latest_recording_id !== null,
    provider: row.provider as MeetingProviderName | null,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Seconds of the finished visits plus the current one. */
export const attendedSeconds = (row: { seconds: number; present_since: string | null }, now = new Date()) =>
  row.seconds +
  (row.present_since ? Math.max(0, Math.round((now.getTime() - Date.parse(row.present_since)) / 1000)) : 0);

export function presentAttendance(row: AttendanceRow, now = new Date()): AttendanceRecord {
  return {
    _id: row.id,
    user: { _id: row.user_id, name: row.user_name, email: row.user_email },
    joinedAt: row.joined_at,
    leftAt: row.left_at,
    present: row.present_since !== null,
    seconds: attendedSeconds(row, now),
  };
}
