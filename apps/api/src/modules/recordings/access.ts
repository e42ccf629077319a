import { SESSION_MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canAttendSessions, canManageSessions } from "../../policies/index.js";
import { isEnrolled, NOT_ENROLLED, NOT_YOUR_COURSE } from "../courses/access.js";
import { findRecording, type RecordingRow } from "./repo.js";

const courseOf = (row: RecordingRow) => ({ instructor_id: row.instructor_id, published: row.course_published });

async function loadRecording(db: Kysely<Database>, id: string) {
  const row = await findRecording(db, id);
  if (!row) throw notFound(SESSION_MESSAGES.recordingNotFound);
  return row;
}

/** The recording, if the actor may watch it: the course's managers and enrolled learners. */
export async function recordingToWatch(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await loadRecording(db, id);
  const enrolled = await isEnrolled(db, actor.id, row.course_id);
  if (!canAttendSessions(actor, courseOf(row), enrolled)) throw forbidden(NOT_ENROLLED);
  return row;
}

/** The recording, if the actor manages its course. */
export async function recordingToManage(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await loadRecording(db, id);
  if (!canManageSessions(actor, courseOf(row))) throw forbidden(NOT_YOUR_COURSE);
  return row;
}
