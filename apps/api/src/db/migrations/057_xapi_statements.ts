import type { Kysely } from "kysely";

// xAPI statements (issue 25): one row per learning event, written with the event. The row keeps
// the statement's facts (its UUID, verb, object, result, time); the statement is rendered from them
// with the site's PUBLIC_URL. `delivered_at` stays null until the LRS accepted it. A deleted user's
// statements go with them; a course's stay (its IRI is history). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("xapi_statements")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("verb", "text", (c) => c.notNull())
    .addColumn("object_type", "text", (c) => c.notNull())
    .addColumn("object_path", "text", (c) => c.notNull())
    .addColumn("object_name", "text", (c) => c.notNull())
    .addColumn("course_id", "varchar(24)")
    .addColumn("course_name", "text")
    .addColumn("result", "text")
    .addColumn("timestamp", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .execute();
  // The admin's export by date range and a learner's own, both in time order.
  await db.schema.createIndex("xapi_statements_time").on("xapi_statements").columns(["timestamp", "id"]).execute();
  await db.schema
    .createIndex("xapi_statements_user_time")
    .on("xapi_statements")
    .columns(["user_id", "timestamp", "id"])
    .execute();
  // What is still to send, oldest first.
  await db.schema
    .createIndex("xapi_statements_pending")
    .on("xapi_statements")
    .columns(["delivered_at", "timestamp", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("xapi_statements").execute();
}
