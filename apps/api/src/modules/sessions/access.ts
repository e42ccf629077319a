import { SESSION_MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canAttendSessions, canHostSession, canManageSessions } from "../../policies/index.js";
import { isEnrolled, NOT_ENROLLED, NOT_YOUR_COURSE } from "../courses/access.js";
import { findSession, type SessionRow } from "./repo.js";

const courseOf = (row: SessionRow) => ({ instructor_id: row.instructor_id, published: row.course_published });

async function loadSession(db: Kysely<Database>, sessionId: string) {
  const row = await findSession(db, sessionId);
  if (!row) throw notFound(SESSION_MESSAGES.notFound);
  return row;
}

/** The session, if the actor manages its course; 404 / 403 otherwise. */
export async function sessionToManage(db: Kysely<Database>, actor: Actor, sessionId: string) {
  const row = await loadSession(db, sessionId);
  if (!canManageSessions(actor, courseOf(row))) throw forbidden(NOT_YOUR_COURSE);
  return row;
}

/** The session, if the actor manages its course or is enrolled in it; 403 `not enrolled` otherwise. */
export async function sessionToAttend(db: Kysely<Database>, actor: Actor, sessionId: string) {
  const row = await loadSession(db, sessionId);
  const enrolled = await isEnrolled(db, actor.id, row.course_id);
  if (!canAttendSessions(actor, courseOf(row), enrolled)) throw forbidden(NOT_ENROLLED);
  return { row, host: canHostSession(actor, courseOf(row)) };
}
