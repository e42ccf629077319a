import type { LearningActivity } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { type DueAssessmentRow, dueAhead, dueBehind } from "./repo.js";

function toActivity(row: DueAssessmentRow, now: Date): LearningActivity {
  const due = row.due_date as string;
  const status = row.finished ? "completed" : Date.parse(due) > now.getTime() ? "upcoming" : "missed";
  return {
    _id: row.id,
    // Exams are quizzes among the dashboard's activity kinds.
    type: row.type === "assignment" ? "assignment" : "quiz",
    sessionType: null,
    title: row.title,
    courseId: row.course_id,
    courseTitle: row.course_title,
    scheduledAt: due,
    timezone: "UTC",
    date: due.slice(0, 10),
    time: due.slice(11, 16),
    instructor: row.instructor_name,
    status,
    hasRecording: false,
    recordingId: null,
  };
}

/**
 * The learner's quizzes and assignments with a due date, as Learning Activities: the next ones not
 * handed in (upcoming), and the latest ones handed in (completed) or past due without (missed).
 */
export async function dueActivities(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  limits: { upcoming: number; past: number },
) {
  const at = now.toISOString();
  const [ahead, behind] = await Promise.all([
    dueAhead(db, userId, at, limits.upcoming),
    dueBehind(db, userId, at, limits.past),
  ]);
  return { upcoming: ahead.map((row) => toActivity(row, now)), past: behind.map((row) => toActivity(row, now)) };
}
