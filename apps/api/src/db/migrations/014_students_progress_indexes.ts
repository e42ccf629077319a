import type { Kysely } from "kysely";

/**
 * Issue 10's students list and course analytics. The list pages a course's learners by last
 * activity: with the first index a page is read in order instead of sorting every enrollment
 * (orders by progress and enrollment date already have theirs, 005 and 002). The second holds
 * every column the counted scores of a whole course read, in the order they are grouped, so
 * the analytics never fetch attempt rows (which carry the frozen questions).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("enrollments_course_accessed_idx")
    .on("enrollments")
    .columns(["course_id", "last_accessed_at"])
    .execute();
  await db.schema
    .createIndex("assessment_attempts_counted_idx")
    .on("assessment_attempts")
    .columns(["assessment_id", "user_id", "state", "number", "score", "max_points"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("assessment_attempts_counted_idx").execute();
  await db.schema.dropIndex("enrollments_course_accessed_idx").execute();
}
