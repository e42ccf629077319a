import { type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";

// The activity log at scale (issue 12). Entries keep a snapshot of who acted and on which course,
// so they stay readable after renames and deletions. Daily rollups are kept by triggers in the
// inserting transaction, so stats never read entries and a write is still one statement from the
// app: per user (scope = user id) and for everyone (scope '*'). On PostgreSQL everyone's counts are
// spread over four scopes '*0'..'*3' by the id's last digit, so concurrent writers do not queue on
// one row lock until they commit; SQLite has one writer at a time, so it keeps a single row. Indexes serve each list filter newest first.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["user_email", "user_role", "course_title", "course_code"]) {
    await db.schema.alterTable("activities").addColumn(column, "text").execute();
  }
  await sql`update activities set
    user_name = coalesce(user_name, (select name from users where users.id = activities.user_id)),
    user_email = (select email from users where users.id = activities.user_id),
    user_role = (select role from users where users.id = activities.user_id),
    course_title = (select title from courses where courses.id = activities.course_id),
    course_code = (select course_code from courses where courses.id = activities.course_id)`.execute(db);

  await db.schema
    .createTable("activity_daily")
    .addColumn("scope", "varchar(24)", (c) => c.notNull())
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("activity_daily_pk", ["scope", "day", "type"])
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const scope of [sql`coalesce(user_id, '')`, postgres ? shard(sql.raw("id")) : sql`'*'`]) {
    await sql`insert into activity_daily (scope, day, type, count)
      select ${scope}, substr(created_at, 1, 10), type, count(*) from activities
      group by 1, 2, 3`.execute(db);
  }
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);

  await db.schema
    .createIndex("activities_user_type_created_idx")
    .on("activities")
    .columns(["user_id", "type", "created_at"])
    .execute();
  await db.schema
    .createIndex("activities_course_created_idx")
    .on("activities")
    .columns(["course_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("activities_role_created_idx")
    .on("activities")
    .columns(["user_role", "created_at"])
    .execute();
}

/** One of '*0'..'*3' by the last hex digit of an id. */
const shard = (id: RawBuilder<unknown>) => sql`case when substr(${id}, 24, 1) < '4' then '*0'
  when substr(${id}, 24, 1) < '8' then '*1' when substr(${id}, 24, 1) < 'c' then '*2' else '*3' end`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger activities_rollup_insert after insert on activities begin
    insert into activity_daily (scope, day, type, count)
      values (coalesce(new.user_id, ''), substr(new.created_at, 1, 10), new.type, 1), ('*', substr(new.created_at, 1, 10), new.type, 1)
      on conflict (scope, day, type) do update set count = count + 1;
  end`.execute(db);
  await sql`create trigger activities_rollup_delete after delete on activities begin
    update activity_daily set count = count - 1
      where scope in (coalesce(old.user_id, ''), '*') and day = substr(old.created_at, 1, 10) and type = old.type;
  end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function activities_rollup() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into activity_daily (scope, day, type, count)
        values (coalesce(new.user_id, ''), substr(new.created_at, 1, 10), new.type, 1), (${shard(sql.raw("new.id"))}, substr(new.created_at, 1, 10), new.type, 1)
        on conflict (scope, day, type) do update set count = activity_daily.count + 1;
    else
      update activity_daily set count = count - 1
        where scope in (coalesce(old.user_id, ''), ${shard(sql.raw("old.id"))}) and day = substr(old.created_at, 1, 10) and type = old.type;
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger activities_rollup after insert or delete on activities
    for each row execute function activities_rollup()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists activities_rollup on activities`.execute(db);
    await sql`drop function if exists activities_rollup()`.execute(db);
  } else {
    await sql`drop trigger if exists activities_rollup_insert`.execute(db);
    await sql`drop trigger if exists activities_rollup_delete`.execute(db);
  }
  for (const index of [
    "activities_user_type_created_idx",
    "activities_course_created_idx",
    "activities_role_created_idx",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable("activity_daily").execute();
  for (const column of ["user_email", "user_role", "course_title", "course_code"]) {
    await db.schema.alterTable("activities").dropColumn(column).execute();
  }
}
