import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { Database, SessionAttendanceTable } from "../../db/types.js";

type Db = Kysely<Database>;

export const findAttendance = (db: Db, sessionId: string, userId: string) =>
  db
    .selectFrom("session_attendance")
    .selectAll()
    .where("session_id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();

export async function countAttendees(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom("session_attendance")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("session_id", "=", sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAttendance(db: Db, row: Insertable<SessionAttendanceTable>): Promise<void> {
  await db.insertInto("session_attendance").values(row).execute();
}

export async function updateAttendance(db: Db, id: string, changes: Updateable<SessionAttendanceTable>) {
  await db.updateTable("session_attendance").set(changes).where("id", "=", id).execute();
}

/** People still in the session. */
export const presentAttendees = (db: Db, sessionId: string) =>
  db
    .selectFrom("session_attendance")
    .selectAll()
    .where("session_id", "=", sessionId)
    .where("present_since", "is not", null)
    .execute();

export const listAttendance = (db: Db, sessionId: string) =>
  db
    .selectFrom("session_attendance as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .selectAll("a")
    .select(["u.name as user_name", "u.email as user_email"])
    .where("a.session_id", "=", sessionId)
    .orderBy("a.joined_at")
    .execute();
export type AttendanceRow = Awaited<ReturnType<typeof listAttendance>>[number];

/**
 * Takes the session row's write lock (a no-op update) so that concurrent joins of one session
 * are counted one after another on PostgreSQL as on SQLite.
 */
export async function lockSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable("sessions").set({ updated_at: sql<string>`updated_at` }).where("id", "=", sessionId).execute();
}
