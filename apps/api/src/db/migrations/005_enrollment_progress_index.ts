import type { Kysely } from "kysely";

/**
 * Course statistics average the stored progress of a course's enrollments (the managed course
 * lists for a whole page at once, the course detail for one). With progress in the course index
 * both databases answer from the index alone instead of reading every enrollment row (85k
 * enrollments over a page of 12 courses: 39 ms to 13 ms on SQLite). It replaces the course_id
 * index, whose lookups it serves as well.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("enrollments_course_progress_idx")
    .on("enrollments")
    .columns(["course_id", "progress"])
    .execute();
  await db.schema.dropIndex("enrollments_course_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("enrollments_course_idx").on("enrollments").column("course_id").execute();
  await db.schema.dropIndex("enrollments_course_progress_idx").execute();
}
