import { type Kysely, PostgresAdapter, sql } from "kysely";

// The forum's reads without counting every thread (issue 23, benchmark). Kept by triggers on every
// write, by any code path:
// - discussion_course_counts: a course's number of threads (the list's total);
// - discussion_read_counts: per user and course, the threads whose latest activity the user has read;
//   a course's unread count is the first minus the second (no row: nothing read, e.g. a learner who
//   joined later). New activity on a thread takes one off for each reader who was up to date on it.
// - SQLite: discussion_threads_search, an FTS5 trigram index of titles and bodies for the search
//   (PostgreSQL keeps migration 050's trigram indexes).
// Also indexes for the triggers (a thread's readers) and for a thread's replies in their order.
// No foreign keys on the count tables, so a restore loads them before the rows the triggers count
// and recounts them afterwards (as catalogue_counts). Existing data is counted here. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("discussion_course_counts")
    .addColumn("course_id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("threads", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("discussion_read_counts")
    .addColumn("user_id", "varchar(24)", (c) => c.notNull())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull())
    .addColumn("threads", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("discussion_read_counts_pk", ["user_id", "course_id"])
    .execute();
  // The readers of a thread who are up to date on it, for the triggers.
  await db.schema
    .createIndex("discussion_reads_thread")
    .on("discussion_reads")
    .columns(["thread_id", "read_at"])
    .execute();
  // A thread's replies in the order they are shown, without sorting them on every read.
  await db.schema
    .createIndex("discussion_posts_thread_order")
    .on("discussion_posts")
    .columns(["thread_id", "created_at", "id"])
    .execute();
  await sql`insert into discussion_course_counts (course_id, threads)
    select course_id, count(*) from discussion_threads group by course_id`.execute(db);
  await sql`insert into discussion_read_counts (user_id, course_id, threads)
    select r.user_id, t.course_id, count(*) from discussion_reads r join discussion_threads t on t.id = r.thread_id
    where r.read_at >= t.last_activity_at group by r.user_id, t.course_id`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteUp(db);
}

/** Adds `delta` to the read count of the users of `readers` (a select of user ids) in `course`. */
const sqliteReaders = (course: string, delta: string, readers: string) =>
  sql.raw(`update discussion_read_counts set threads = threads + ${delta}
      where course_id = ${course} and user_id in (${readers});`);

/** Adds to the user's read count in the thread's course whether `row` became up to date, less whether `old` was. */
const sqliteReadChange = (was: string) =>
  sql.raw(`insert into discussion_read_counts (user_id, course_id, threads)
      select new.user_id, course_id, change from (
        select t.course_id, (new.read_at >= t.last_activity_at) - (${was}) as change
        from discussion_threads t where t.id = new.thread_id) where change <> 0
      on conflict (user_id, course_id) do update set threads = threads + excluded.threads;`);

async function sqliteUp(db: Kysely<any>): Promise<void> {
  await sql`create virtual table discussion_threads_search using fts5(thread_id unindexed, title, body, tokenize = 'trigram')`.execute(
    db,
  );
  await sql`insert into discussion_threads_search (thread_id, title, body) select id, title, body from discussion_threads`.execute(
    db,
  );
  await sql`create trigger discussion_threads_insert after insert on discussion_threads begin
    insert into discussion_course_counts (course_id, threads) values (new.course_id, 1)
      on conflict (course_id) do update set threads = threads + 1;
    insert into discussion_threads_search (thread_id, title, body) values (new.id, new.title, new.body);
  end`.execute(db);
  // Before the delete, while the thread's read marks are still there.
  await sql`create trigger discussion_threads_delete before delete on discussion_threads begin
    ${sqliteReaders("old.course_id", "-1", "select user_id from discussion_reads where thread_id = old.id and read_at >= old.last_activity_at")}
    update discussion_course_counts set threads = threads - 1 where course_id = old.course_id;
    delete from discussion_threads_search where thread_id = old.id;
  end`.execute(db);
  await sql`create trigger discussion_threads_activity after update of last_activity_at on discussion_threads
    when new.last_activity_at <> old.last_activity_at begin
    ${sqliteReaders("new.course_id", "-1", "select user_id from discussion_reads where thread_id = new.id and read_at >= old.last_activity_at and read_at < new.last_activity_at")}
    ${sqliteReaders("new.course_id", "1", "select user_id from discussion_reads where thread_id = new.id and read_at < old.last_activity_at and read_at >= new.last_activity_at")}
  end`.execute(db);
  await sql`create trigger discussion_threads_text after update of title, body on discussion_threads begin
    update discussion_threads_search set title = new.title, body = new.body where thread_id = old.id;
  end`.execute(db);
  await sql`create trigger discussion_reads_insert after insert on discussion_reads begin
    ${sqliteReadChange("0")}
  end`.execute(db);
  await sql`create trigger discussion_reads_update after update of read_at on discussion_reads begin
    ${sqliteReadChange("old.read_at >= t.last_activity_at")}
  end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function discussion_threads_count() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into discussion_course_counts (course_id, threads) values (new.course_id, 1)
        on conflict (course_id) do update set threads = discussion_course_counts.threads + 1;
      return null;
    end if;
    if tg_op = 'DELETE' then
      update discussion_read_counts set threads = threads - 1 where course_id = old.course_id and user_id in
        (select user_id from discussion_reads where thread_id = old.id and read_at >= old.last_activity_at);
      update discussion_course_counts set threads = threads - 1 where course_id = old.course_id;
      return old;
    end if;
    if new.last_activity_at <> old.last_activity_at then
      update discussion_read_counts set threads = threads - 1 where course_id = new.course_id and user_id in
        (select user_id from discussion_reads where thread_id = new.id
          and read_at >= old.last_activity_at and read_at < new.last_activity_at);
      update discussion_read_counts set threads = threads + 1 where course_id = new.course_id and user_id in
        (select user_id from discussion_reads where thread_id = new.id
          and read_at < old.last_activity_at and read_at >= new.last_activity_at);
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger discussion_threads_insert_count after insert on discussion_threads
    for each row execute function discussion_threads_count()`.execute(db);
  // Before the delete, while the thread's read marks are still there (the cascade runs after).
  await sql`create trigger discussion_threads_delete_count before delete on discussion_threads
    for each row execute function discussion_threads_count()`.execute(db);
  await sql`create trigger discussion_threads_activity_count after update of last_activity_at on discussion_threads
    for each row execute function discussion_threads_count()`.execute(db);
  // The thread's row is read FOR SHARE: a reply moving its activity on waits for this read mark's
  // transaction (and then counts it) or this waits for the reply's and compares with its activity.
  await sql`create function discussion_reads_count() returns trigger language plpgsql as $$
  declare
    thread record;
    change integer;
  begin
    select course_id, last_activity_at into thread from discussion_threads where id = new.thread_id for share;
    if not found then return null; end if;
    change := (new.read_at >= thread.last_activity_at)::integer;
    if tg_op = 'UPDATE' then change := change - (old.read_at >= thread.last_activity_at)::integer; end if;
    if change <> 0 then
      insert into discussion_read_counts (user_id, course_id, threads) values (new.user_id, thread.course_id, change)
        on conflict (user_id, course_id) do update set threads = discussion_read_counts.threads + excluded.threads;
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger discussion_reads_count after insert or update of read_at on discussion_reads
    for each row execute function discussion_reads_count()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists discussion_reads_count on discussion_reads`.execute(db);
    for (const name of ["insert", "delete", "activity"]) {
      await sql`drop trigger if exists ${sql.raw(`discussion_threads_${name}_count`)} on discussion_threads`.execute(
        db,
      );
    }
    await sql`drop function if exists discussion_reads_count()`.execute(db);
    await sql`drop function if exists discussion_threads_count()`.execute(db);
  } else {
    for (const name of [
      "threads_insert",
      "threads_delete",
      "threads_activity",
      "threads_text",
      "reads_insert",
      "reads_update",
    ]) {
      await sql`drop trigger if exists ${sql.raw(`discussion_${name}`)}`.execute(db);
    }
    await sql`drop table if exists discussion_threads_search`.execute(db);
  }
  await db.schema.dropIndex("discussion_posts_thread_order").ifExists().execute();
  await db.schema.dropIndex("discussion_reads_thread").ifExists().execute();
  await db.schema.dropTable("discussion_read_counts").execute();
  await db.schema.dropTable("discussion_course_counts").execute();
}
