import { randomBytes } from "node:crypto";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import type { Database } from "../../db/types.js";
import { pageMissing } from "./scores-repo.js";

type Db = Kysely<Database>;

/**
 * The version of a course's assessments a stored count (migration 069) must have been counted at:
 * gradebook_courses.version, which migration 060's triggers bump on every change to them (0 while the
 * course has no such row: the first change creates it at 1).
 */
const assessmentsVersion = (courseId: RawBuilder<unknown>) =>
  sql<number>`coalesce((select g.version from gradebook_courses g where g.course_id = ${courseId}), 0)`;

/**
 * The stored count of learner `m` that still holds at `now`, as a column of a query joining it: no
 * write cleared it since, its course's assessments have not changed, and no due date or deadline
 * it depends on has passed. Null when it must be counted again.
 */
export const storedMissing = (now: string) =>
  sql<number | null>`case when m.token is not null and (m.stale_at is null or m.stale_at > ${now})
    and m.version = ${assessmentsVersion(sql.ref("m.course_id"))} then m.missing end`;

const versionQuery = compiledOnce((db, courseId: string) =>
  db.selectNoFrom(assessmentsVersion(sql`${courseId}`).as("version")),
);

/**
 * Counts the missing work of learners whose stored count did not hold, and stores each count unless
 * one of its inputs changed meanwhile. The version is read first and each learner's row is marked as
 * being counted by this request (a token) before the inputs are read: a write afterwards clears the
 * token, or bumps the version, and what was counted from older inputs is not kept. One row per
 * statement, as the gradebook's rows, so a request never holds two and cannot deadlock with a write.
 */
export async function countAndStore(db: Db, courseId: string, userIds: string[], now: string) {
  if (userIds.length === 0) return new Map<string, number>();
  const [{ version }] = await versionQuery(db, courseId);
  const token = randomBytes(12).toString("hex");
  for (const userId of userIds) {
    await db
      .insertInto("learner_missing_work")
      .values({ course_id: courseId, user_id: userId, version, token })
      .onConflict((oc) => oc.columns(["course_id", "user_id"]).doUpdateSet({ missing: null, version, token }))
      .execute();
  }
  const counts = await pageMissing(db, courseId, userIds, now);
  for (const count of counts) {
    await db
      .updateTable("learner_missing_work")
      .set({ missing: count.missing, stale_at: count.staleAt })
      .where("course_id", "=", courseId)
      .where("user_id", "=", count.user_id)
      .where("token", "=", token)
      .execute();
  }
  return new Map(counts.map((count) => [count.user_id, count.missing]));
}

/** Forgets every stored count (a restore: they are counted again on their next read). */
export async function forgetStoredMissingWork(db: Db): Promise<void> {
  await db.deleteFrom("learner_missing_work").execute();
}
