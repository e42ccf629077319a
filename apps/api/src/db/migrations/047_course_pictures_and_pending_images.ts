import type { Kysely } from "kysely";

// Uploaded course pictures (one per course, like user_avatars), and question images uploaded for a
// question not saved yet: each belongs to its uploader and course until a save attaches it to its
// question; the storage sweep drops those never attached. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("course_pictures")
    .addColumn("course_id", "varchar(24)", (c) => c.primaryKey().references("courses.id").onDelete("cascade"))
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("mime", "varchar(64)", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("pending_question_images")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("uploaded_by", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("mime", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pending_question_images_created")
    .on("pending_question_images")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pending_question_images").ifExists().execute();
  await db.schema.dropTable("course_pictures").ifExists().execute();
}
