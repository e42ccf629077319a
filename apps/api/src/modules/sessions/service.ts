import { instantOfInput, SESSION_MESSAGES as M, type SessionFields, type UpdateSessionRequest } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database, SessionsTable } from "../../db/types.js";
import { badRequest, conflict, fieldError } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import { changedFields, loggedChange, logManagement } from "../activities/management.js";
import { storageKeysOfSession } from "../recordings/repo.js";
import { type MeetingColumns, type MeetingOps, NO_MEETING } from "./meeting.js";
import type { SessionNotifier } from "./notify.js";
import { displayStatusOf } from "./present.js";
import { deleteSession, insertSession, reloadSession, type SessionRow, updateSession } from "./repo.js";

/** A scheduled time a little in the past still counts as now (clock skew, time to submit). */
const PAST_GRACE_MS = 60_000;

/** The start as stored: an instant in UTC; a wall-clock time is read on the clocks of `timezone`. */
const startOf = (input: string, timezone: string) => instantOfInput(input, timezone).toISOString();

function futureStart(iso: string): string {
  const time = Date.parse(iso);
  if (time < Date.now() - PAST_GRACE_MS) {
    throw badRequest(M.scheduledInPast, [fieldError("scheduledAt", M.scheduledInPast)]);
  }
  return new Date(time).toISOString();
}

const endOf = (scheduledAt: string, duration: number) =>
  new Date(Date.parse(scheduledAt) + duration * 60_000).toISOString();

/** Scheduling, changing, cancelling and deleting sessions (spec §5, §4). */
export function createSessionService(deps: {
  db: Kysely<Database>;
  meeting: MeetingOps;
  notify: SessionNotifier;
  discard: DiscardFiles;
  /** Host name in each event's UID, which stays the same for the event's whole life. */
  uidDomain: string;
}) {
  const { db, meeting, notify } = deps;

  async function schedule(actor: Actor, courseId: string, fields: SessionFields): Promise<SessionRow> {
    const scheduledAt = futureStart(startOf(fields.scheduledAt, fields.timezone));
    const id = newId();
    const now = nowIso();
    const row: SessionsTable = {
      id,
      course_id: courseId,
      title: fields.title,
      description: fields.description,
      scheduled_at: scheduledAt,
      ends_at: endOf(scheduledAt, fields.duration),
      duration: fields.duration,
      timezone: fields.timezone,
      type: fields.type,
      location: fields.location,
      max_participants: fields.maxParticipants,
      status: "scheduled",
      ...NO_MEETING,
      ical_uid: `session-${id}@${deps.uidDomain}`,
      ical_sequence: 0,
      started_at: null,
      ended_at: null,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    };
    if (fields.location === "live") Object.assign(row, await meeting.create(row));
    await loggedChange(
      db,
      actor,
      {
        action: "session_create",
        title: `Scheduled session: ${row.title}`,
        courseId,
        targetId: id,
        details: { scheduledAt, location: row.location },
      },
      (trx) => insertSession(trx, row),
    );
    const saved = await reloadSession(db, id);
    await notify("scheduled", saved);
    return saved;
  }

  async function cancel(actor: Actor, row: SessionRow): Promise<SessionRow> {
    if (displayStatusOf(row) !== "upcoming") throw conflict(M.cannotCancel);
    await meeting.bestEffort("delete", meeting.existing(row));
    await db.transaction().execute(async (trx) => {
      await updateSession(trx, row.id, {
        status: "cancelled",
        ...NO_MEETING,
        ical_sequence: row.ical_sequence + 1,
        updated_at: nowIso(),
      });
      await logManagement(trx, actor, {
        action: "session_cancel",
        title: `Cancelled session: ${row.title}`,
        courseId: row.course_id,
        targetId: row.id,
      });
    });
    const saved = await reloadSession(db, row.id);
    await notify("cancelled", saved);
    return saved;
  }

  /** Moves, renames or otherwise changes a session; the provider's meeting follows. */
  async function update(actor: Actor, row: SessionRow, changes: UpdateSessionRequest): Promise<SessionRow> {
    if (changes.status === "cancelled") return cancel(actor, row);
    if (displayStatusOf(row) === "ended") throw conflict(M.cannotEditEnded);
    const timezone = changes.timezone ?? row.timezone;
    const scheduledAt = changes.scheduledAt === undefined ? row.scheduled_at : startOf(changes.scheduledAt, timezone);
    const duration = changes.duration ?? row.duration;
    const moved = scheduledAt !== row.scheduled_at || duration !== row.duration;
    if (moved) {
      if (displayStatusOf(row) !== "upcoming") throw conflict(M.cannotReschedule);
      futureStart(scheduledAt);
    }
    const next = {
      ...row,
      title: changes.title ?? row.title,
      description: changes.description ?? row.description,
      scheduled_at: scheduledAt,
      ends_at: endOf(scheduledAt, duration),
      duration,
      timezone,
      type: changes.type ?? row.type,
      location: changes.location ?? row.location,
      max_participants: changes.maxParticipants === undefined ? row.max_participants : changes.maxParticipants,
    };
    const visible = moved || next.title !== row.title || next.description !== row.description;
    const relocated = next.location !== row.location;

    // The provider's meeting follows while the session is still to happen or under way.
    let meetingColumns: MeetingColumns | null = null;
    const current = meeting.existing(row);
    const active = row.status === "scheduled" || row.status === "live";
    if (next.location === "in-person" && current) {
      await meeting.bestEffort("delete", current);
      meetingColumns = NO_MEETING;
    } else if (active && next.location === "live" && !current) {
      meetingColumns = await meeting.create(next);
    } else if (active && current && visible) {
      await meeting.update(meeting.existing(next) ?? current);
    }

    const columns = {
      title: next.title,
      description: next.description,
      scheduled_at: next.scheduled_at,
      ends_at: next.ends_at,
      duration: next.duration,
      timezone: next.timezone,
      type: next.type,
      location: next.location,
      max_participants: next.max_participants,
    };
    await db.transaction().execute(async (trx) => {
      await updateSession(trx, row.id, {
        ...columns,
        ...meetingColumns,
        ical_sequence: row.ical_sequence + (visible || relocated ? 1 : 0),
        updated_at: nowIso(),
      });
      await logManagement(trx, actor, {
        action: "session_update",
        title: `Updated session: ${next.title}`,
        courseId: row.course_id,
        targetId: row.id,
        changes: changedFields(row, columns),
      });
    });
    const saved = await reloadSession(db, row.id);
    if (moved) await notify("moved", saved, row.scheduled_at);
    return saved;
  }

  /** Deletes a session with its recordings' files; learners hear of it when it was still to come. */
  async function remove(actor: Actor, row: SessionRow): Promise<void> {
    const keys = await loggedChange(
      db,
      actor,
      {
        action: "session_delete",
        title: `Deleted session: ${row.title}`,
        courseId: row.course_id,
        targetId: row.id,
      },
      async (trx) => {
        const files = await storageKeysOfSession(trx, row.id);
        await deleteSession(trx, row.id);
        return files;
      },
    );
    await deps.discard(keys);
    await meeting.bestEffort("delete", meeting.existing(row));
    if (displayStatusOf(row) === "upcoming") await notify("cancelled", row);
  }

  return { schedule, update, remove };
}
export type SessionService = ReturnType<typeof createSessionService>;
