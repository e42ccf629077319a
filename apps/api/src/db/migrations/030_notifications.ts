import type { Kysely } from "kysely";

// Notifications (issue 11): one row per notification (an admin's broadcast or a product event), one
// row per recipient (made set-based by an INSERT ... SELECT), and a durable outbox of background jobs
// (e-mails) that survives a restart. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    // "broadcast" (an admin's message), "session" or "grade" (product events).
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    // A path inside the web app the notification leads to, e.g. /courses/{id}.
    .addColumn("link", "text")
    .addColumn("audience", "text", (c) => c.notNull())
    // The course's title when sent to a course, as it was then (the history shows it).
    .addColumn("course_title", "text")
    .addColumn("channels", "text", (c) => c.notNull())
    .addColumn("sender_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    // Counters kept as recipients read and e-mails go, so the history never counts 100k rows a line.
    .addColumn("recipient_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("read_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_delivered", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_failed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_skipped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notifications_kind_idx").on("notifications").columns(["kind", "id"]).execute();

  await db.schema
    .createTable("notification_recipients")
    // No foreign key to notifications: its row is written in the same transaction and never deleted,
    // and on PostgreSQL the per-row check was a quarter of a 100k-recipient fan-out.
    .addColumn("notification_id", "varchar(24)", (c) => c.notNull())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // 0 for a recipient reached by e-mail only: the row then only tracks the e-mail.
    .addColumn("in_app", "integer", (c) => c.notNull())
    .addColumn("read_at", "text")
    // null (no e-mail), pending, delivered, failed or skipped (held back by a setting or preference).
    .addColumn("email_status", "text")
    .addColumn("email_error", "text")
    .addPrimaryKeyConstraint("notification_recipients_pk", ["notification_id", "user_id"])
    .execute();
  // One's own list, newest first (ids are time-ordered), and the bell's unread count.
  await db.schema
    .createIndex("notification_recipients_list_idx")
    .on("notification_recipients")
    .columns(["user_id", "in_app", "notification_id"])
    .execute();
  await db.schema
    .createIndex("notification_recipients_unread_idx")
    .on("notification_recipients")
    .columns(["user_id", "in_app", "read_at"])
    .execute();

  await db.schema
    .createTable("outbox_jobs")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // pending, running, done or failed.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("run_at", "text", (c) => c.notNull())
    // A running job whose lease has passed was left by a stopped process and is taken again.
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_jobs_due_idx").on("outbox_jobs").columns(["status", "run_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbox_jobs").ifExists().execute();
  await db.schema.dropTable("notification_recipients").ifExists().execute();
  await db.schema.dropTable("notifications").ifExists().execute();
}
