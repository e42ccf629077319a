import type { Kysely } from "kysely";

/**
 * The instructor's students list pages a course's learners by last activity (issue 10); with this
 * index a page is read in order instead of sorting every enrollment of the course. Orders by
 * progress and enrollment date already have theirs (005, 002).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("enrollments_course_accessed_idx")
    .on("enrollments")
    .columns(["course_id", "last_accessed_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("enrollments_course_accessed_idx").execute();
}
