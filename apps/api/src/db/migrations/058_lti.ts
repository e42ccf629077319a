import type { Kysely } from "kysely";

// LTI 1.3 Advantage, the product as platform (issue 25): registered tools, the platform's RS256 keys
// (private halves sealed with the app secret), resource links (each stands in its lesson as a lesson
// file of kind "lti", so progress counts it), AGS line items and scores, and the one-time values
// (nonces, jtis, message hints) already used, until they expire. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lti_tools")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("client_id", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("login_url", "text", (c) => c.notNull())
    .addColumn("launch_url", "text", (c) => c.notNull())
    .addColumn("deep_linking_url", "text")
    .addColumn("jwks_url", "text")
    .addColumn("public_key", "text")
    .addColumn("deployment_ids", "text", (c) => c.notNull())
    .addColumn("services", "text", (c) => c.notNull())
    .addColumn("custom_parameters", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("lti_platform_keys")
    .addColumn("kid", "varchar(64)", (c) => c.primaryKey())
    .addColumn("public_jwk", "text", (c) => c.notNull())
    .addColumn("private_jwk", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("retired_at", "text")
    .execute();
  await db.schema
    .createTable("lti_links")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("lesson_id", "varchar(24)", (c) => c.notNull().references("lessons.id").onDelete("cascade"))
    .addColumn("file_id", "varchar(24)", (c) => c.notNull().unique().references("lesson_files.id").onDelete("cascade"))
    .addColumn("tool_id", "varchar(24)", (c) => c.notNull().references("lti_tools.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("custom_parameters", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lti_links_lesson").on("lti_links").column("lesson_id").execute();
  await db.schema.createIndex("lti_links_course_tool").on("lti_links").columns(["course_id", "tool_id"]).execute();
  await db.schema
    .createTable("lti_line_items")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("tool_id", "varchar(24)", (c) => c.notNull().references("lti_tools.id"))
    .addColumn("link_id", "varchar(24)", (c) => c.references("lti_links.id").onDelete("cascade"))
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("score_maximum", "real", (c) => c.notNull())
    .addColumn("resource_id", "text")
    .addColumn("tag", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lti_line_items_course_tool")
    .on("lti_line_items")
    .columns(["course_id", "tool_id"])
    .execute();
  await db.schema.createIndex("lti_line_items_link").on("lti_line_items").column("link_id").execute();
  await db.schema
    .createTable("lti_scores")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("line_item_id", "varchar(24)", (c) => c.notNull().references("lti_line_items.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("score_given", "real")
    .addColumn("score_maximum", "real")
    .addColumn("activity_progress", "varchar(16)", (c) => c.notNull())
    .addColumn("grading_progress", "varchar(16)", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("timestamp", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lti_scores_learner")
    .on("lti_scores")
    .columns(["line_item_id", "user_id"])
    .unique()
    .execute();
  await db.schema
    .createTable("lti_used_values")
    .addColumn("value", "varchar(400)", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lti_used_values_expiry").on("lti_used_values").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lti_used_values").ifExists().execute();
  await db.schema.dropTable("lti_scores").ifExists().execute();
  await db.schema.dropTable("lti_line_items").ifExists().execute();
  await db.schema.dropTable("lti_links").ifExists().execute();
  await db.schema.dropTable("lti_platform_keys").ifExists().execute();
  await db.schema.dropTable("lti_tools").ifExists().execute();
}
