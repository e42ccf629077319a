import { SESSION_MESSAGES as M, SESSION_EARLY_START_MINUTES } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { conflict } from "../../http/errors.js";
import type { MeetingPerson } from "../../meetings/provider.js";
import type { Outbox } from "../../outbox/outbox.js";
import { logActivity } from "../activities/repo.js";
import { recordStatements, xapiPaths } from "../xapi/record.js";
import {
  type AttendanceRow,
  countAttendees,
  findAttendance,
  insertAttendance,
  listAttendance,
  lockSession,
  presentAttendees,
  updateAttendance,
} from "./attendance-repo.js";
import type { MeetingOps } from "./meeting.js";
import { attendedSeconds, displayStatusOf } from "./present.js";
import { findSession, type SessionRow, startScheduled, updateSession } from "./repo.js";
import type { StartNotifier } from "./start-notify.js";

interface Visit {
  person: MeetingPerson;
  ip?: string;
}

/** Start, join, leave and end (spec §4 "Session actions"), with attendance. */
export function createSessionLifecycle(deps: {
  db: Kysely<Database>;
  meeting: MeetingOps;
  outbox: Outbox;
  announceStart: StartNotifier;
}) {
  const { db, meeting, outbox, announceStart } = deps;

  /** The host's link for a live session; null for an in-person one. */
  async function hostLink(row: SessionRow, person: MeetingPerson): Promise<string | null> {
    if (row.location !== "live") return null;
    const { meeting: ready, created } = await meeting.ensure(row);
    const url = await meeting.link(ready, person, "host");
    if (created) await updateSession(db, row.id, created);
    return url;
  }

  /** Closes every open visit and marks the session completed. */
  async function complete(row: SessionRow): Promise<void> {
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      for (const visit of await presentAttendees(trx, row.id)) {
        await updateAttendance(trx, visit.id, {
          seconds: attendedSeconds(visit, now),
          present_since: null,
          left_at: now.toISOString(),
        });
      }
      // The real end replaces the planned one, so every screen and the calendar show when it ended
      // (a new SEQUENCE, so subscribed calendars take the new end).
      const endedAt = now.toISOString();
      await updateSession(trx, row.id, {
        status: "completed",
        ended_at: endedAt,
        ends_at: endedAt,
        ical_sequence: row.ical_sequence + 1,
        updated_at: nowIso(),
      });
    });
  }

  return {
    /**
     * Only an upcoming session can be started; the answer is the host's link. A start more than
     * SESSION_EARLY_START_MINUTES ahead must say `early` and moves the session to now, keeping its
     * duration. The learners are told once, by a job, whoever wins a race of two starts.
     */
    async start(row: SessionRow, host: MeetingPerson, options: { early: boolean }): Promise<string | null> {
      const now = new Date();
      if (displayStatusOf(row, now) !== "upcoming") throw conflict(M.cannotStart);
      const moves = Date.parse(row.scheduled_at) - now.getTime() > SESSION_EARLY_START_MINUTES * 60_000;
      if (moves && !options.early) throw conflict(M.startEarly);
      const url = await hostLink(row, host);
      const stamp = now.toISOString();
      const moved = moves
        ? {
            scheduled_at: stamp,
            ends_at: new Date(now.getTime() + row.duration * 60_000).toISOString(),
            ical_sequence: row.ical_sequence + 1,
          }
        : {};
      await db.transaction().execute(async (trx) => {
        const won = await startScheduled(trx, row.id, { started_at: stamp, updated_at: stamp, ...moved });
        if (!won) throw conflict(M.cannotStart);
        await announceStart(trx, row, stamp);
      });
      outbox.kick();
      return url;
    },

    /** Only a live session can be ended; the provider's meeting is closed too. */
    async end(row: SessionRow): Promise<void> {
      if (displayStatusOf(row) !== "live") throw conflict(M.cannotEnd);
      await complete(row);
      await meeting.bestEffort("end", meeting.existing(row));
    },

    /** The provider says the meeting is over (webhook or callback). */
    async meetingEnded(sessionId: string): Promise<void> {
      const row = await findSession(db, sessionId);
      if (row && (row.status === "scheduled" || row.status === "live")) await complete(row);
    },

    /** The session's instructor or an admin gets the host's link and is not counted as an attendee. */
    async joinAsHost(row: SessionRow, visit: Visit): Promise<string | null> {
      const status = displayStatusOf(row);
      if (status !== "upcoming" && status !== "live") throw conflict(M.cannotJoin);
      return hostLink(row, visit.person);
    },

    /**
     * A learner's own link; their attendance is recorded, and a full session (max participants
     * reached by other people) refuses newcomers.
     */
    async join(row: SessionRow, visit: Visit): Promise<string | null> {
      const status = displayStatusOf(row);
      if (status !== "upcoming" && status !== "live") throw conflict(M.cannotJoin);
      let url: string | null = null;
      if (row.location === "live") {
        const { meeting: ready, created } = await meeting.ensure(row);
        url = await meeting.link(ready, visit.person, "attendee");
        if (created) await updateSession(db, row.id, created);
      }
      const userId = visit.person.id;
      const arrived = await db.transaction().execute(async (trx) => {
        await lockSession(trx, row.id);
        const now = nowIso();
        const existing = await findAttendance(trx, row.id, userId);
        if (existing) {
          if (existing.present_since) return false;
          await updateAttendance(trx, existing.id, { present_since: now });
          return true;
        }
        if (row.max_participants !== null && (await countAttendees(trx, row.id)) >= row.max_participants) {
          throw conflict(M.full);
        }
        await insertAttendance(trx, {
          id: newId(),
          session_id: row.id,
          user_id: userId,
          joined_at: now,
          left_at: null,
          present_since: now,
          seconds: 0,
        });
        return true;
      });
      if (arrived) {
        await logActivity(db, {
          userId,
          type: "session_join",
          title: `Joined session: ${row.title}`,
          courseId: row.course_id,
          metadata: { sessionId: row.id },
          ip: visit.ip,
        });
        await recordStatements(db, [
          {
            userId,
            verb: "attended",
            object: { type: "meeting", path: xapiPaths.session(row.course_id, row.id), name: row.title },
            courseId: row.course_id,
          },
        ]);
      }
      return url;
    },

    /** Closes the caller's visit. */
    async leave(row: SessionRow, visit: Visit): Promise<AttendanceRow> {
      const attendance = await findAttendance(db, row.id, visit.person.id);
      if (!attendance?.present_since) throw conflict(M.notJoined);
      const now = new Date();
      const closed = {
        ...attendance,
        seconds: attendedSeconds(attendance, now),
        present_since: null,
        left_at: now.toISOString(),
      };
      await updateAttendance(db, attendance.id, {
        seconds: closed.seconds,
        present_since: null,
        left_at: closed.left_at,
      });
      await logActivity(db, {
        userId: visit.person.id,
        type: "session_leave",
        title: `Left session: ${row.title}`,
        courseId: row.course_id,
        metadata: { sessionId: row.id, seconds: closed.seconds },
        ip: visit.ip,
      });
      return { ...closed, user_name: visit.person.name, user_email: visit.person.email };
    },

    attendance: (row: SessionRow) => listAttendance(db, row.id),
  };
}
export type SessionLifecycle = ReturnType<typeof createSessionLifecycle>;
