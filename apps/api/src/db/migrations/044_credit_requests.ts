import { type Kysely, sql } from "kysely";

// Learners' requests for credits to a course's teacher (issue 21). At most one open request per
// learner and course: a partial unique index, so answered requests stay as history. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("credit_requests")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("message", "text")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("granted_amount", "integer")
    .addColumn("closed_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    .execute();
  await db.schema
    .createIndex("credit_requests_one_open")
    .on("credit_requests")
    .columns(["user_id", "course_id"])
    .unique()
    .where(sql.ref("status"), "=", sql.lit("open"))
    .execute();
  await db.schema
    .createIndex("credit_requests_course_open")
    .on("credit_requests")
    .columns(["course_id", "status", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("credit_requests").ifExists().execute();
}
