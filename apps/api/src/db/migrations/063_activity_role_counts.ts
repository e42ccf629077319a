import { type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";

// The admin log filtered by role counted up to 10,001 entries per page to give its total (issue 26:
// p99 39–94 ms at 1M entries). The daily rollups now also count by the role the actor had when the
// entry was written (the snapshot the filter reads, `user_role`), kept by the same triggers in the
// inserting transaction: scope '@<role>' on SQLite; on PostgreSQL '@<role>0'..'@<role>3' by the id's
// last digit, as everyone's counts are (032), so concurrent learners do not queue on one row lock.
// Entries without a role (no user) are not counted by role: no filter can ask for them.
// Frozen once landed.

/** The role scope of an entry: '@role', or '@role' and a shard digit on PostgreSQL. */
const roleScope = (row: "new" | "old" | null, postgres: boolean): RawBuilder<unknown> => {
  const prefix = row ? `${row}.` : "";
  const role = sql.raw(`${prefix}user_role`);
  if (!postgres) return sql`'@' || ${role}`;
  const digit = sql.raw(`substr(${prefix}id, 24, 1)`);
  return sql`'@' || ${role} || case when ${digit} < '4' then '0' when ${digit} < '8' then '1' when ${digit} < 'c' then '2' else '3' end`;
};

/** One of '*0'..'*3' by the last hex digit of an id (032). */
const shard = (id: string) =>
  sql.raw(`case when substr(${id}, 24, 1) < '4' then '*0'
  when substr(${id}, 24, 1) < '8' then '*1' when substr(${id}, 24, 1) < 'c' then '*2' else '*3' end`);

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`insert into activity_daily (scope, day, type, count)
    select ${roleScope(null, postgres)}, substr(created_at, 1, 10), type, count(*) from activities
    where user_role is not null group by 1, 2, 3`.execute(db);
  if (postgres) await postgresTrigger(db, true);
  else await sqliteTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await postgresTrigger(db, false);
  else await sqliteTriggers(db, false);
  await db.deleteFrom("activity_daily").where("scope", "like", "@%").execute();
}

async function sqliteTriggers(db: Kysely<any>, byRole: boolean): Promise<void> {
  await sql`drop trigger activities_rollup_insert`.execute(db);
  await sql`drop trigger activities_rollup_delete`.execute(db);
  const insertByRole = byRole
    ? sql`insert into activity_daily (scope, day, type, count)
        select ${roleScope("new", false)}, substr(new.created_at, 1, 10), new.type, 1 where new.user_role is not null
        on conflict (scope, day, type) do update set count = count + 1;`
    : sql``;
  await sql`create trigger activities_rollup_insert after insert on activities begin
    insert into activity_daily (scope, day, type, count)
      values (coalesce(new.user_id, ''), substr(new.created_at, 1, 10), new.type, 1), ('*', substr(new.created_at, 1, 10), new.type, 1)
      on conflict (scope, day, type) do update set count = count + 1;
    ${insertByRole}
  end`.execute(db);
  const roleScopes = byRole ? sql`, ${roleScope("old", false)}` : sql``;
  await sql`create trigger activities_rollup_delete after delete on activities begin
    update activity_daily set count = count - 1
      where scope in (coalesce(old.user_id, ''), '*'${roleScopes}) and day = substr(old.created_at, 1, 10) and type = old.type;
  end`.execute(db);
}

async function postgresTrigger(db: Kysely<any>, byRole: boolean): Promise<void> {
  const insertByRole = byRole
    ? sql`if new.user_role is not null then
        insert into activity_daily (scope, day, type, count)
          values (${roleScope("new", true)}, substr(new.created_at, 1, 10), new.type, 1)
          on conflict (scope, day, type) do update set count = activity_daily.count + 1;
      end if;`
    : sql``;
  const roleScopes = byRole ? sql`, ${roleScope("old", true)}` : sql``;
  await sql`create or replace function activities_rollup() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into activity_daily (scope, day, type, count)
        values (coalesce(new.user_id, ''), substr(new.created_at, 1, 10), new.type, 1), (${shard("new.id")}, substr(new.created_at, 1, 10), new.type, 1)
        on conflict (scope, day, type) do update set count = activity_daily.count + 1;
      ${insertByRole}
    else
      update activity_daily set count = count - 1
        where scope in (coalesce(old.user_id, ''), ${shard("old.id")}${roleScopes}) and day = substr(old.created_at, 1, 10) and type = old.type;
    end if;
    return null;
  end $$`.execute(db);
}
