import type { Kysely } from "kysely";

// Certificates of completed courses (issue 23). One per learner and course (the unique key makes
// double clicks, retries and parallel processes issue one); what it certifies is copied in at issue
// time, so a later rename changes no certificate. The platform's credential-signing key is a row of
// its own (the private half sealed with the app secret). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("certificates")
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("course_id", "varchar(24)", (c) => c.references("courses.id").onDelete("set null"))
    .addColumn("learner_name", "text", (c) => c.notNull())
    .addColumn("course_title", "text", (c) => c.notNull())
    .addColumn("instructor_name", "text")
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("credential", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_reason", "text")
    .addColumn("revoked_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("certificates_one_per_course")
    .on("certificates")
    .columns(["user_id", "course_id"])
    .unique()
    .execute();
  await db.schema.createIndex("certificates_issued").on("certificates").columns(["issued_at", "id"]).execute();
  await db.schema
    .createTable("signing_keys")
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("kid", "varchar(64)", (c) => c.notNull())
    .addColumn("public_jwk", "text", (c) => c.notNull())
    .addColumn("private_jwk", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("certificates").ifExists().execute();
  await db.schema.dropTable("signing_keys").ifExists().execute();
}
