import type { Kysely } from "kysely";

// Frozen once landed: later changes go in a new numbered migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("credits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_login", "text")
    .addColumn("bio", "text")
    .addColumn("location", "text")
    .addColumn("phone", "text")
    .addColumn("website", "text")
    .addColumn("avatar", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_role_status_idx").on("users").columns(["role", "status"]).execute();
  await db.schema.createIndex("users_created_at_idx").on("users").column("created_at").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("family_id", "varchar(24)", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refresh_tokens_user_idx").on("refresh_tokens").column("user_id").execute();
  await db.schema.createIndex("refresh_tokens_family_idx").on("refresh_tokens").column("family_id").execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_reset_tokens_user_idx").on("password_reset_tokens").column("user_id").execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("courses")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("course_code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("short_description", "text", (c) => c.notNull())
    .addColumn("category_id", "varchar(24)", (c) => c.references("categories.id").onDelete("set null"))
    .addColumn("instructor_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("price_credits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("difficulty", "text", (c) => c.notNull())
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("tags", "text", (c) => c.notNull())
    .addColumn("requirements", "text", (c) => c.notNull())
    .addColumn("learning_outcomes", "text", (c) => c.notNull())
    .addColumn("thumbnail", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    // Counters kept by the enrollment code in the same transaction, so lists never aggregate.
    .addColumn("enrollment_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("completion_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("courses_published_popular_idx")
    .on("courses")
    .columns(["published", "enrollment_count", "created_at"])
    .execute();
  await db.schema
    .createIndex("courses_published_created_idx")
    .on("courses")
    .columns(["published", "created_at"])
    .execute();
  await db.schema.createIndex("courses_category_idx").on("courses").column("category_id").execute();
  await db.schema.createIndex("courses_instructor_idx").on("courses").column("instructor_id").execute();

  await db.schema
    .createTable("enrollments")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating", "integer")
    .addColumn("enrolled_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .addUniqueConstraint("enrollments_user_course_unique", ["user_id", "course_id"])
    .execute();
  await db.schema.createIndex("enrollments_course_idx").on("enrollments").column("course_id").execute();

  await db.schema
    .createTable("system_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("activities")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("course_id", "varchar(24)", (c) => c.references("courses.id").onDelete("set null"))
    .addColumn("metadata", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("activities_user_created_idx")
    .on("activities")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("activities_created_idx").on("activities").column("created_at").execute();
  await db.schema.createIndex("activities_type_created_idx").on("activities").columns(["type", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "activities",
    "system_settings",
    "enrollments",
    "courses",
    "categories",
    "password_reset_tokens",
    "refresh_tokens",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
