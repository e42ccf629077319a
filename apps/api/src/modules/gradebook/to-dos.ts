import { ASSESSMENT_LIMITS, type AssessmentType, type LearnerToDo } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { type ToDoCandidateRow, toDoCandidates } from "./repo.js";

const GRACE_MS = ASSESSMENT_LIMITS.graceSeconds * 1000;

/** Whether the learner may work on it now: resume the open attempt, or start a first one. */
function open(row: ToDoCandidateRow, at: number): boolean {
  if (row.attempt_id !== null) {
    // An attempt past its end (and the grace) is closed by the server on its next read.
    return row.attempt_deadline === null || Date.parse(row.attempt_deadline) + GRACE_MS > at;
  }
  const refusedLate = row.late_submissions === "refuse" && row.due_date !== null && at >= Date.parse(row.due_date);
  const allowed = row.attempts_allowed === null ? null : row.attempts_allowed + (row.extra_attempts ?? 0);
  return !refusedLate && allowed !== 0;
}

/** When it must be done: the earliest of the due date and the open attempt's end; null when neither. */
function dueBy(todo: LearnerToDo): number | null {
  const times = [todo.dueDate, todo.attemptDeadline].filter((t): t is string => t !== null).map(Date.parse);
  return times.length ? Math.min(...times) : null;
}

/** Dated first (soonest first), then undated; then by title. */
function byUrgency(a: LearnerToDo, b: LearnerToDo): number {
  const [da, db] = [dueBy(a), dueBy(b)];
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da - db;
  }
  return a.title.localeCompare(b.title) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

function present(row: ToDoCandidateRow): LearnerToDo {
  return {
    _id: row.id,
    title: row.title,
    type: row.type as AssessmentType,
    courseId: row.course_id,
    courseTitle: row.course_title,
    dueDate: row.due_date,
    state: row.attempt_id === null ? "not_started" : "in_progress",
    attemptId: row.attempt_id,
    attemptDeadline: row.attempt_deadline,
    timeLimitMinutes: row.time_limit_minutes === null ? null : row.time_limit_minutes + (row.extra_minutes ?? 0),
  };
}

/**
 * The learner's to-dos ("Due next", Learning Activities): every attempt they left open and every
 * published assessment of their courses they have not attempted and may start now, dated or not.
 */
export async function learnerToDos(db: Kysely<Database>, userId: string, now: Date, limit: number) {
  const at = now.getTime();
  const rows = await toDoCandidates(db, userId, now.toISOString());
  return rows
    .filter((row) => open(row, at))
    .map(present)
    .sort(byUrgency)
    .slice(0, limit);
}
