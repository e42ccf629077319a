import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { Database, RecordingsTable } from "../../db/types.js";

type Db = Kysely<Database>;

/** Recordings with their session and course, which decide who may see them. */
function recordingRows(db: Db) {
  return db
    .selectFrom("recordings as r")
    .innerJoin("sessions as s", "s.id", "r.session_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .selectAll("r")
    .select(["s.title as session_title", "s.course_id", "c.instructor_id", "c.published as course_published"]);
}
export type RecordingRow = NonNullable<Awaited<ReturnType<typeof findRecording>>>;

export const findRecording = (db: Db, id: string) => recordingRows(db).where("r.id", "=", id).executeTakeFirst();

export const sessionRecordings = (db: Db, sessionId: string) =>
  recordingRows(db).where("r.session_id", "=", sessionId).orderBy("r.recorded_at", "desc").execute();

export interface RecordingFilter {
  /** Only recordings of this person's courses (taught or enrolled); null: every course. */
  userId: string | null;
  courseId?: string;
}

function filtered(db: Db, filter: RecordingFilter) {
  let query = recordingRows(db);
  const userId = filter.userId;
  if (userId) {
    query = query.where((eb) =>
      eb.or([
        eb("c.instructor_id", "=", userId),
        eb.exists(
          eb
            .selectFrom("enrollments as e")
            .select("e.id")
            .whereRef("e.course_id", "=", "s.course_id")
            .where("e.user_id", "=", userId),
        ),
      ]),
    );
  }
  if (filter.courseId) query = query.where("s.course_id", "=", filter.courseId);
  return query;
}

export async function listRecordings(db: Db, filter: RecordingFilter, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .orderBy("r.recorded_at", "desc")
      .orderBy("r.id")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Inserts the recording; false when the same provider recording is already there. */
export async function insertRecording(db: Db, row: Insertable<RecordingsTable>): Promise<boolean> {
  const result = await db
    .insertInto("recordings")
    .values(row)
    .onConflict((oc) => oc.columns(["session_id", "provider_recording_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateRecording(db: Db, id: string, changes: Updateable<RecordingsTable>): Promise<void> {
  await db.updateTable("recordings").set(changes).where("id", "=", id).execute();
}

export async function deleteRecording(db: Db, id: string): Promise<void> {
  await db.deleteFrom("recordings").where("id", "=", id).execute();
}

/** One more view, counted in the database so concurrent viewers are all counted. */
export async function countView(db: Db, id: string): Promise<number> {
  await db.updateTable("recordings").set({ view_count: sql<number>`view_count + 1` }).where("id", "=", id).execute();
  const row = await db.selectFrom("recordings").select("view_count").where("id", "=", id).executeTakeFirstOrThrow();
  return row.view_count;
}

export async function storageKeysOfSession(db: Db, sessionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("recordings")
    .select("storage_key")
    .where("session_id", "=", sessionId)
    .where("storage_key", "is not", null)
    .execute();
  return rows.map((r) => r.storage_key).filter((key) => key !== null);
}

export async function importedProviderIds(db: Db, sessionId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("recordings")
    .select("provider_recording_id")
    .where("session_id", "=", sessionId)
    .where("provider_recording_id", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.provider_recording_id).filter((id) => id !== null));
}
