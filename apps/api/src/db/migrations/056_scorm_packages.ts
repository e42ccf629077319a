import type { Kysely } from "kysely";

// SCORM packages as lesson content (issue 24). A package stands in its lesson as a lesson file of kind
// "scorm" (so progress and the completion rule count it like any file); its unpacked files are rows
// of scorm_files (their storage keys, for deletes and the orphan sweep); each learner's CMI data is
// one row of scorm_attempts. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scorm_packages")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("lesson_id", "varchar(24)", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("file_id", "varchar(24)", (c) => c.notNull().unique().references("lesson_files.id").onDelete("cascade"))
    .addColumn("version", "varchar(8)", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("launch_path", "text", (c) => c.notNull())
    .addColumn("file_count", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("scorm_packages_lesson").on("scorm_packages").column("lesson_id").execute();
  await db.schema
    .createTable("scorm_files")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("package_id", "varchar(24)", (c) => c.notNull().references("scorm_packages.id").onDelete("cascade"))
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("scorm_files_path").on("scorm_files").columns(["package_id", "path"]).unique().execute();
  await db.schema.createIndex("scorm_files_key").on("scorm_files").column("storage_key").execute();
  await db.schema
    .createTable("scorm_attempts")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("package_id", "varchar(24)", (c) => c.notNull().references("scorm_packages.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("cmi", "text", (c) => c.notNull())
    .addColumn("completion_status", "varchar(16)", (c) => c.notNull())
    .addColumn("success_status", "varchar(16)", (c) => c.notNull())
    .addColumn("score_scaled", "real")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("scorm_attempts_learner")
    .on("scorm_attempts")
    .columns(["package_id", "user_id"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("scorm_attempts").ifExists().execute();
  await db.schema.dropTable("scorm_files").ifExists().execute();
  await db.schema.dropTable("scorm_packages").ifExists().execute();
}
