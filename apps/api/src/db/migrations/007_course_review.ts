import type { Kysely } from "kysely";

// The review state of courses that instructors submit for publishing (issue 9). A course has at
// most one row; no row means never submitted. Frozen once landed: later changes go in a new migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("course_reviews")
    .addColumn("course_id", "varchar(24)", (c) => c.primaryKey().references("courses.id").onDelete("cascade"))
    // none | submitted | changes_requested
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("submitted_at", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("reviewer_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The admins' queue: submitted courses, oldest submission first.
  await db.schema
    .createIndex("course_reviews_status_submitted_idx")
    .on("course_reviews")
    .columns(["status", "submitted_at", "course_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("course_reviews").execute();
}
