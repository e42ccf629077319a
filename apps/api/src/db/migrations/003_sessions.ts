import type { Kysely } from "kysely";

// Live sessions, their recordings and attendance, and the private calendar feeds.
// Frozen once landed: later changes go in a new numbered migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sessions")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // UTC ISO-8601; ends_at is kept beside it so "ended" and "upcoming" are range queries.
    .addColumn("scheduled_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("timezone", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("max_participants", "integer")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("provider", "text")
    .addColumn("meeting_id", "text")
    // Provider data for hosts and joining (links, passwords); never sent to clients as is.
    .addColumn("meeting_data", "text")
    .addColumn("ical_uid", "text", (c) => c.notNull().unique())
    .addColumn("ical_sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("started_at", "text")
    .addColumn("ended_at", "text")
    .addColumn("created_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sessions_course_start_idx")
    .on("sessions")
    .columns(["course_id", "scheduled_at"])
    .execute();
  await db.schema.createIndex("sessions_status_start_idx").on("sessions").columns(["status", "scheduled_at"]).execute();
  await db.schema.createIndex("sessions_meeting_idx").on("sessions").columns(["provider", "meeting_id"]).execute();

  await db.schema
    .createTable("recordings")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("session_id", "varchar(24)", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    // A file in storage, or a page at the video meeting service when it offers no file.
    .addColumn("storage_key", "text")
    .addColumn("provider_url", "text")
    .addColumn("provider_recording_id", "text")
    .addColumn("file_name", "text")
    .addColumn("mime_type", "text")
    .addColumn("size", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("duration_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    // One copy of each provider recording, however often it is imported (uploads have no provider id).
    .addUniqueConstraint("recordings_provider_unique", ["session_id", "provider_recording_id"])
    .execute();
  await db.schema
    .createIndex("recordings_session_recorded_idx")
    .on("recordings")
    .columns(["session_id", "recorded_at"])
    .execute();

  await db.schema
    .createTable("session_attendance")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("session_id", "varchar(24)", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("joined_at", "text", (c) => c.notNull())
    .addColumn("left_at", "text")
    // Start of the current visit; null while the person is not in the session.
    .addColumn("present_since", "text")
    // Time of the finished visits.
    .addColumn("seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("session_attendance_unique", ["session_id", "user_id"])
    .execute();
  await db.schema.createIndex("session_attendance_user_idx").on("session_attendance").column("user_id").execute();

  await db.schema
    .createTable("calendar_feeds")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createIndex("calendar_feeds_user_idx")
    .on("calendar_feeds")
    .columns(["user_id", "revoked_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["calendar_feeds", "session_attendance", "recordings", "sessions"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
