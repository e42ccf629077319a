import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { adjustCourseCounters } from "../enrollments/repo.js";

type Db = Kysely<Database>;

export const findUsersByIds = (db: Db, ids: readonly string[]) =>
  db.selectFrom("users").select(["id", "role", "status"]).where("id", "in", ids).execute();

/** How many courses each of these users teaches (only users who teach at least one). */
export async function taughtCourseCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("courses")
    .select((eb) => ["instructor_id", eb.fn.countAll<number>().as("count")])
    .where("instructor_id", "in", ids)
    .groupBy("instructor_id")
    .execute();
  return new Map(rows.map((row) => [row.instructor_id as string, Number(row.count)]));
}

/** The users' own stored files: their pictures and the files they uploaded as answers. */
export async function userFileKeys(db: Db, ids: readonly string[]): Promise<string[]> {
  const avatars = await db.selectFrom("user_avatars").select("storage_key").where("user_id", "in", ids).execute();
  const answers = await db
    .selectFrom("assessment_answer_files")
    .innerJoin("assessment_attempts", "assessment_attempts.id", "assessment_answer_files.attempt_id")
    .select("assessment_answer_files.storage_key")
    .where("assessment_attempts.user_id", "in", ids)
    .execute();
  return [...avatars, ...answers].map((row) => row.storage_key);
}

/**
 * Deletes users; their enrollments, progress, notes and attendance go with them (ON DELETE CASCADE),
 * so first their enrollments are taken out of the courses' counters; their activity entries stay with
 * their name. Call inside a transaction.
 */
export async function deleteUsers(db: Db, ids: readonly string[]): Promise<number> {
  const enrollments = await db
    .selectFrom("enrollments")
    .select(["course_id", "status", "rating"])
    .where("user_id", "in", ids)
    .execute();
  for (const enrollment of enrollments) {
    await adjustCourseCounters(db, enrollment.course_id, {
      enrollments: -1,
      completions: enrollment.status === "completed" ? -1 : 0,
      ratings: enrollment.rating === null ? 0 : -1,
      ratingSum: -(enrollment.rating ?? 0),
    });
  }
  // Entries keep the name they were written with; one written without it gets the name now.
  await db
    .updateTable("activities")
    .set((eb) => ({ user_name: eb.selectFrom("users").select("name").whereRef("users.id", "=", "activities.user_id") }))
    .where("user_id", "in", ids)
    .where("user_name", "is", null)
    .execute();
  const result = await db.deleteFrom("users").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
