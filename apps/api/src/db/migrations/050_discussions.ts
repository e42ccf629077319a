import { type Kysely, PostgresAdapter, sql } from "kysely";

// Course discussions (issue 23): threads (a plain discussion or a Q&A question), their replies (one
// level of nesting: a reply may answer another reply that answers the thread), reports of posts,
// subscriptions (to a thread, or a manager's to a whole course), read markers for the unread count,
// and each course's forum settings. Threads page newest activity first, pinned first, per course.
// Search is a case-insensitive LIKE on title and body within one course; on PostgreSQL with pg_trgm
// trigram indexes serve it. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("discussion_threads")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("author_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("type", "varchar(16)", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("accepted_post_id", "varchar(24)")
    .addColumn("reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_activity_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("edited_at", "text")
    .execute();
  await db.schema
    .createIndex("discussion_threads_course_activity")
    .on("discussion_threads")
    .columns(["course_id", "pinned desc", "last_activity_at desc", "id desc"])
    .execute();

  await db.schema
    .createTable("discussion_posts")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("thread_id", "varchar(24)", (c) => c.notNull().references("discussion_threads.id").onDelete("cascade"))
    .addColumn("parent_id", "varchar(24)", (c) => c.references("discussion_posts.id").onDelete("cascade"))
    .addColumn("author_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("edited_at", "text")
    .execute();
  await db.schema.createIndex("discussion_posts_thread").on("discussion_posts").columns(["thread_id", "id"]).execute();
  await db.schema
    .createIndex("discussion_posts_author")
    .on("discussion_posts")
    .columns(["author_id", "thread_id"])
    .execute();
  await db.schema.createIndex("discussion_posts_parent").on("discussion_posts").column("parent_id").execute();

  // target_id is the reported post: a reply's id, or the thread's own id for its opening post.
  await db.schema
    .createTable("discussion_reports")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("thread_id", "varchar(24)", (c) => c.notNull().references("discussion_threads.id").onDelete("cascade"))
    .addColumn("post_id", "varchar(24)", (c) => c.references("discussion_posts.id").onDelete("cascade"))
    .addColumn("target_id", "varchar(24)", (c) => c.notNull())
    .addColumn("reporter_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("dismissed_at", "text")
    .addColumn("dismissed_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("discussion_reports_once")
    .on("discussion_reports")
    .columns(["target_id", "reporter_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("discussion_reports_course_open")
    .on("discussion_reports")
    .columns(["course_id", "dismissed_at", "id"])
    .execute();

  await db.schema
    .createTable("discussion_subscriptions")
    .addColumn("thread_id", "varchar(24)", (c) => c.notNull().references("discussion_threads.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("discussion_subscriptions_pk", ["thread_id", "user_id"])
    .execute();
  await db.schema
    .createTable("discussion_course_subscriptions")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("discussion_course_subscriptions_pk", ["course_id", "user_id"])
    .execute();

  await db.schema
    .createTable("discussion_reads")
    .addColumn("thread_id", "varchar(24)", (c) => c.notNull().references("discussion_threads.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("read_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("discussion_reads_pk", ["user_id", "thread_id"])
    .execute();

  await db.schema
    .createTable("discussion_settings")
    .addColumn("course_id", "varchar(24)", (c) => c.primaryKey().references("courses.id").onDelete("cascade"))
    .addColumn("post_before_view", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) await trigramIndexes(db);
}

/** Trigram indexes for the search, when pg_trgm is installed or can be (as 023 does for users). */
async function trigramIndexes(db: Kysely<any>): Promise<void> {
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  let schema = installed.rows[0]?.schema;
  if (!schema) {
    const allowed = await sql<{ ok: boolean }>`
      select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
        and has_database_privilege(current_database(), 'CREATE')
        and has_schema_privilege('public', 'CREATE') as ok`.execute(db);
    if (!allowed.rows[0]?.ok) return;
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    schema = "public";
  }
  const ops = sql.raw(`"${schema}".gin_trgm_ops`);
  await sql`create index discussion_threads_title_trgm on discussion_threads using gin (lower(title) ${ops})`.execute(
    db,
  );
  await sql`create index discussion_threads_body_trgm on discussion_threads using gin (lower(body) ${ops})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "discussion_settings",
    "discussion_reads",
    "discussion_course_subscriptions",
    "discussion_subscriptions",
    "discussion_reports",
    "discussion_posts",
    "discussion_threads",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
