import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * The stored rows (migration 060) of these learners that still hold: cleared by no write since (a
 * stored row keeps its token, migration 064), of the course's current version, and with no due date
 * passed since they were computed.
 */
export async function validRows(db: Db, courseId: string, userIds: readonly string[], now: string) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom("gradebook_rows")
    .select(["user_id", "row_json"])
    .where("course_id", "=", courseId)
    .where("user_id", "in", userIds)
    .where("row_json", "is not", null)
    .where("token", "is not", null)
    .where((eb) => eb.or([eb("stale_at", "is", null), eb("stale_at", ">", now)]))
    .where((eb) =>
      eb("version", "=", eb.selectFrom("gradebook_courses").select("version").where("course_id", "=", courseId)),
    )
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.row_json as string]));
}

export interface Claim {
  token: string;
  version: number;
}

/**
 * Marks the learners' rows as being computed by this request, before their inputs are read. A write
 * on an input afterwards clears the token, so `storeRows` keeps nothing it computed (on PostgreSQL a
 * write in progress holds the row, so this waits for it). One row per statement: a request never
 * holds two of them, so it cannot deadlock with a write.
 */
export async function claimRows(db: Db, courseId: string, userIds: readonly string[]): Promise<Claim> {
  await ensureCourseRow(db, courseId);
  const { version } = await db
    .selectFrom("gradebook_courses")
    .select("version")
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  const token = randomBytes(12).toString("hex");
  for (const userId of userIds) {
    await db
      .insertInto("gradebook_rows")
      .values({ course_id: courseId, user_id: userId, version, token })
      .onConflict((oc) => oc.columns(["course_id", "user_id"]).doUpdateSet({ row_json: null, version, token }))
      .execute();
  }
  return { token, version };
}

/** Creates the course's row (migration 060) if absent, counting its learners. */
export async function ensureCourseRow(db: Db, courseId: string): Promise<void> {
  await db
    .insertInto("gradebook_courses")
    .columns(["course_id", "version", "learners"])
    .expression((eb) =>
      eb
        .selectFrom("enrollments")
        .select((eb) => [eb.val(courseId).as("course_id"), eb.lit(0).as("version"), eb.fn.countAll().as("learners")])
        .where("course_id", "=", courseId),
    )
    .onConflict((oc) => oc.column("course_id").doNothing())
    .execute();
}

/**
 * Stores the rows computed under `claim`, each only if no write cleared it meanwhile. The claim's
 * token stays on the stored row and names its text (a write clears both), so a process can keep
 * the text in memory and check the token alone (`row-texts.ts`).
 */
export async function storeRows(
  db: Db,
  courseId: string,
  claim: Claim,
  rows: readonly { userId: string; json: string; staleAt: string | null }[],
): Promise<void> {
  for (const row of rows) {
    await db
      .updateTable("gradebook_rows")
      .set({ row_json: row.json, stale_at: row.staleAt })
      .where("course_id", "=", courseId)
      .where("user_id", "=", row.userId)
      .where("token", "=", claim.token)
      .execute();
  }
}

/** The course's number of learners as its triggers keep it, if it has its row yet. */
export async function storedLearnerCount(db: Db, courseId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("gradebook_courses")
    .select("learners")
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.learners);
}
