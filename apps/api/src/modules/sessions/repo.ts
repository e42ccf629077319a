import type { SessionStatus } from "@lms/contract";
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Updateable } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import type { Database, SessionsTable } from "../../db/types.js";

type Db = Kysely<Database>;
type SessionEb = ExpressionBuilder<Database & { s: SessionsTable }, "s">;

/** The id of the session's newest recording (null when it has none), as `latest_recording_id`. */
export const latestRecordingId = (eb: SessionEb) =>
  eb
    .selectFrom("recordings as r")
    .whereRef("r.session_id", "=", "s.id")
    .select("r.id")
    .orderBy("r.recorded_at", "desc")
    .limit(1)
    .as("latest_recording_id");

/** Sessions with their participant count and newest recording, without their course's fields. */
const ownSessionRows = (db: Db) =>
  db
    .selectFrom("sessions as s")
    .selectAll("s")
    .select((eb) => [
      eb
        .selectFrom("session_attendance as a")
        .whereRef("a.session_id", "=", "s.id")
        .select((e) => e.fn.countAll<number>().as("n"))
        .as("participants"),
      latestRecordingId(eb),
    ]);

/** Sessions with what every answer shows: course title, instructor, participant count, recordings. */
function sessionRows(db: Db) {
  return ownSessionRows(db)
    .innerJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("users as i", "i.id", "c.instructor_id")
    .select([
      "c.title as course_title",
      "c.instructor_id",
      "c.published as course_published",
      "i.name as instructor_name",
    ]);
}
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export const findSession = (db: Db, id: string) => sessionRows(db).where("s.id", "=", id).executeTakeFirst();

const firstSessionsOf = compiledOnce((db, courseId: string, limit: number) =>
  ownSessionRows(db).where("s.course_id", "=", courseId).orderBy("s.scheduled_at").orderBy("s.id").limit(limit),
);

/**
 * A course's first `limit` sessions, earliest first (the course detail's `sessions`). Every detail
 * reads them, so the query is compiled once and the course's own fields come from the caller's
 * (cached) course row instead of a join.
 */
export async function courseSessions(
  db: Db,
  course: Pick<SessionRow, "instructor_id" | "instructor_name"> & { id: string; title: string; published: number },
  limit: number,
): Promise<SessionRow[]> {
  const rows = await firstSessionsOf(db, course.id, limit);
  return rows.map((row) => ({
    ...row,
    course_title: course.title,
    instructor_id: course.instructor_id,
    course_published: course.published,
    instructor_name: course.instructor_name,
  }));
}

/** A session that was just written. */
export async function reloadSession(db: Db, id: string): Promise<SessionRow> {
  const row = await findSession(db, id);
  if (!row) throw new Error(`session ${id} vanished`);
  return row;
}

/** Sessions of the courses a person teaches or is enrolled in. */
const ofUsersCourses = (userId: string) => (eb: SessionEb) =>
  eb.or([
    eb(sql.ref("c.instructor_id"), "=", userId),
    eb.exists(
      eb
        .selectFrom("enrollments as e")
        .select("e.id")
        .whereRef("e.course_id", "=", "s.course_id")
        .where("e.user_id", "=", userId),
    ),
  ]);

export interface SessionFilter {
  /** Only the courses of this person (null: every course). */
  userId: string | null;
  courseId?: string;
  status?: SessionStatus;
  from?: string;
  to?: string;
}

function filtered(db: Db, filter: SessionFilter) {
  let query = sessionRows(db);
  if (filter.userId) query = query.where(ofUsersCourses(filter.userId));
  if (filter.courseId) query = query.where("s.course_id", "=", filter.courseId);
  if (filter.status) query = query.where("s.status", "=", filter.status);
  if (filter.from) query = query.where("s.scheduled_at", ">=", filter.from);
  if (filter.to) query = query.where("s.scheduled_at", "<", filter.to);
  return query;
}

export async function listSessions(db: Db, filter: SessionFilter, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, filter).orderBy("s.scheduled_at").orderBy("s.id").offset(page.offset).limit(page.limit).execute(),
    filtered(db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Scheduled sessions that have not ended yet, soonest first (instructor dashboard). */
export async function upcomingScheduled(db: Db, userId: string | null, now: string, limit: number) {
  const base = () => {
    let query = sessionRows(db).where("s.status", "=", "scheduled").where("s.ends_at", ">", now);
    if (userId) query = query.where("c.instructor_id", "=", userId);
    return query;
  };
  const [rows, total] = await Promise.all([
    base().orderBy("s.scheduled_at").limit(limit).execute(),
    base()
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

export async function updateSession(db: Db, id: string, changes: Updateable<SessionsTable>): Promise<void> {
  await db.updateTable("sessions").set(changes).where("id", "=", id).execute();
}

/** Marks a scheduled session live; false when it is no longer scheduled (another start won). */
export async function startScheduled(db: Db, id: string, changes: Updateable<SessionsTable>): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ ...changes, status: "live" })
    .where("id", "=", id)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

export const findSessionByMeeting = (db: Db, provider: string, meetingId: string) =>
  db
    .selectFrom("sessions")
    .select("id")
    .where("provider", "=", provider)
    .where("meeting_id", "=", meetingId)
    .executeTakeFirst();

/** Active learners enrolled in a course, for notifications, with their saved preferences (JSON, if any). */
export const enrolledLearners = (db: Db, courseId: string) =>
  db
    .selectFrom("enrollments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .leftJoin("user_preferences as p", "p.user_id", "u.id")
    .select(["u.id", "u.name", "u.email", "p.data as preferences"])
    .where("e.course_id", "=", courseId)
    .where("u.status", "=", "active")
    .execute();

/** A slot [start, end) and the session it is planned for, if it exists already. */
export interface Slot {
  start: string;
  end: string;
  excludeSessionId?: string;
}

/** Sessions overlapping the slot that still take place (not cancelled), other than the one planned. */
const overlapping = (slot: Slot) => (eb: SessionEb) =>
  eb.and([
    eb("s.status", "!=", "cancelled"),
    eb("s.scheduled_at", "<", slot.end),
    eb("s.ends_at", ">", slot.start),
    ...(slot.excludeSessionId ? [eb("s.id", "!=", slot.excludeSessionId)] : []),
  ]);

/** The sessions of every course `teacherId` teaches that overlap the slot, soonest first. */
export const teacherSessionsDuring = (db: Db, teacherId: string, slot: Slot, limit: number) =>
  sessionRows(db)
    .where("c.instructor_id", "=", teacherId)
    .where(overlapping(slot))
    .orderBy("s.scheduled_at")
    .orderBy("s.id")
    .limit(limit)
    .execute();

/** How many active learners of the course are enrolled in a course with a session during the slot. */
export async function learnersBusyDuring(db: Db, courseId: string, slot: Slot): Promise<number> {
  const row = await db
    .selectFrom("enrollments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .where("e.course_id", "=", courseId)
    .where("u.status", "=", "active")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("enrollments as o")
          .innerJoin("sessions as s", "s.course_id", "o.course_id")
          .select("s.id")
          .whereRef("o.user_id", "=", "e.user_id")
          .where("s.status", "!=", "cancelled")
          .where("s.scheduled_at", "<", slot.end)
          .where("s.ends_at", ">", slot.start)
          .$if(slot.excludeSessionId !== undefined, (q) => q.where("s.id", "!=", slot.excludeSessionId ?? "")),
      ),
    )
    .select((eb) => eb.fn.count<number>("e.user_id").distinct().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
