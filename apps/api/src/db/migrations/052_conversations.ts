import type { Kysely } from "kysely";

// Private messages (issue 23): conversations of a course, their participants (each with a read
// marker for the unread count), their messages, and participants' reports (which let admins read
// the conversation). Learner-to-learner messages are a course setting, off by default. The inbox
// pages by newest activity per participant. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("courses")
    .addColumn("learner_messages", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("conversations")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("started_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("last_message_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("conversation_participants")
    .addColumn("conversation_id", "varchar(24)", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("last_message_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addPrimaryKeyConstraint("conversation_participants_pk", ["conversation_id", "user_id"])
    .execute();
  // The inbox: one user's conversations, newest activity first (last_message_at is copied here so
  // the page is read from this index alone).
  await db.schema
    .createIndex("conversation_participants_inbox")
    .on("conversation_participants")
    .columns(["user_id", "last_message_at desc", "conversation_id desc"])
    .execute();

  await db.schema
    .createTable("conversation_messages")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("conversation_id", "varchar(24)", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("author_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("conversation_messages_conversation")
    .on("conversation_messages")
    .columns(["conversation_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("conversation_reports")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("conversation_id", "varchar(24)", (c) => c.notNull().references("conversations.id").onDelete("cascade"))
    .addColumn("reporter_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("conversation_reports_once")
    .on("conversation_reports")
    .columns(["conversation_id", "reporter_id"])
    .unique()
    .execute();
  await db.schema.createIndex("conversation_reports_created").on("conversation_reports").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["conversation_reports", "conversation_messages", "conversation_participants", "conversations"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable("courses").dropColumn("learner_messages").execute();
}
