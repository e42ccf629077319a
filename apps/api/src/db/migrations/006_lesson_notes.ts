import type { Kysely } from "kysely";

/**
 * Lesson notes belong to their author (issue 9): one per user and lesson, looked up by that pair
 * and listed per user and course. updated_at is the note's version: a save names the version it
 * was based on, so a save made on a stale copy is refused instead of overwriting newer text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lesson_notes")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("lesson_id", "varchar(24)", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("lesson_notes_user_lesson_unique", ["user_id", "lesson_id"])
    .execute();
  await db.schema
    .createIndex("lesson_notes_user_course_idx")
    .on("lesson_notes")
    .columns(["user_id", "course_id"])
    .execute();
  // Deleting a lesson or a course cascades through these.
  await db.schema.createIndex("lesson_notes_lesson_idx").on("lesson_notes").column("lesson_id").execute();
  await db.schema.createIndex("lesson_notes_course_idx").on("lesson_notes").column("course_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lesson_notes").ifExists().execute();
}
