import { type Kysely, PostgresAdapter, sql } from "kysely";

// Activity lists at 1M entries answer a page in one index range read. Their totals were
// sums over thousands of daily rollup rows per page (everyone's log: ~3,000 on SQLite, ~12,000 on
// PostgreSQL), and the role filter counted up to 10,001 entries. Two stored counts, kept by the
// same triggers in the inserting or deleting transaction:
// - the daily rollups also count by the role the actor had when the entry was written (`user_role`,
//   the snapshot the filter reads): scope '@<role>';
// - activity_totals: all-time counts per scope and type, for lists without a date range.
// On PostgreSQL everyone's and each role's counts are spread over four rows by the id's last digit
// ('*0'..'*3' as in 032, '@<role>0'..'@<role>3'), so concurrent writers do not queue on one row lock.
// Entries without a role (no user) are not counted by role: no filter asks for them.
// Frozen once landed.

/** The last hex digit of an id column in one of four buckets '0'..'3'. */
const bucket = (id: string) =>
  sql.raw(`case when substr(${id}, 24, 1) < '4' then '0' when substr(${id}, 24, 1) < '8' then '1'
    when substr(${id}, 24, 1) < 'c' then '2' else '3' end`);

/** The scopes that count an entry (`row`: new, old, or a table's own columns). */
function scopes(row: "new." | "old." | "", postgres: boolean) {
  const column = (name: string) => sql.raw(`${row}${name}`);
  return {
    user: sql`coalesce(${column("user_id")}, '')`,
    everyone: postgres ? sql`'*' || ${bucket(`${row}id`)}` : sql`'*'`,
    role: postgres ? sql`'@' || ${column("user_role")} || ${bucket(`${row}id`)}` : sql`'@' || ${column("user_role")}`,
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("activity_totals")
    .addColumn("scope", "varchar(24)", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("activity_totals_pk", ["scope", "type"])
    .execute();
  await sql`insert into activity_daily (scope, day, type, count)
    select ${scopes("", postgres).role}, substr(created_at, 1, 10), type, count(*) from activities
    where user_role is not null group by 1, 2, 3`.execute(db);
  await sql`insert into activity_totals (scope, type, count)
    select scope, type, sum(count) from activity_daily group by scope, type`.execute(db);
  if (postgres) await postgresTrigger(db, true);
  else await sqliteTriggers(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await postgresTrigger(db, false);
  else await sqliteTriggers(db, false);
  await db.deleteFrom("activity_daily").where("scope", "like", "@%").execute();
  await db.schema.dropTable("activity_totals").execute();
}

/** The scopes an entry counts in: its user's and everyone's (032), and with `byRole` its role's. */
function counted(row: "new." | "old.", postgres: boolean, byRole: boolean) {
  const s = scopes(row, postgres);
  return byRole ? [s.user, s.everyone, s.role] : [s.user, s.everyone];
}

/** `stored`: the triggers of this migration; without it, those of 032 (no role, no totals). */
async function sqliteTriggers(db: Kysely<any>, stored: boolean): Promise<void> {
  await sql`drop trigger activities_rollup_insert`.execute(db);
  await sql`drop trigger activities_rollup_delete`.execute(db);
  const added = sql.join(
    counted("new.", false, stored).map((scope) => sql`select ${scope} as scope`),
    sql` union all `,
  );
  const removed = sql.join(counted("old.", false, stored));
  const totals = stored
    ? sql`insert into activity_totals (scope, type, count)
      select scope, new.type, 1 from (${added}) where scope is not null
      on conflict (scope, type) do update set count = count + 1;`
    : sql``;
  const totalsDown = stored
    ? sql`update activity_totals set count = count - 1 where scope in (${removed}) and type = old.type;`
    : sql``;
  await sql`create trigger activities_rollup_insert after insert on activities begin
    insert into activity_daily (scope, day, type, count)
      select scope, substr(new.created_at, 1, 10), new.type, 1 from (${added}) where scope is not null
      on conflict (scope, day, type) do update set count = count + 1;
    ${totals}
  end`.execute(db);
  await sql`create trigger activities_rollup_delete after delete on activities begin
    update activity_daily set count = count - 1
      where scope in (${removed}) and day = substr(old.created_at, 1, 10) and type = old.type;
    ${totalsDown}
  end`.execute(db);
}

async function postgresTrigger(db: Kysely<any>, stored: boolean): Promise<void> {
  const added = sql.join(counted("new.", true, stored).map((scope) => sql`(${scope})`));
  const removed = sql.join(counted("old.", true, stored));
  const totals = stored
    ? sql`insert into activity_totals (scope, type, count)
        select scope, new.type, 1 from (values ${added}) as s(scope) where scope is not null
        on conflict (scope, type) do update set count = activity_totals.count + 1;`
    : sql``;
  const totalsDown = stored
    ? sql`update activity_totals set count = count - 1 where scope in (${removed}) and type = old.type;`
    : sql``;
  await sql`create or replace function activities_rollup() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into activity_daily (scope, day, type, count)
        select scope, substr(new.created_at, 1, 10), new.type, 1 from (values ${added}) as s(scope) where scope is not null
        on conflict (scope, day, type) do update set count = activity_daily.count + 1;
      ${totals}
    else
      update activity_daily set count = count - 1
        where scope in (${removed}) and day = substr(old.created_at, 1, 10) and type = old.type;
      ${totalsDown}
    end if;
    return null;
  end $$`.execute(db);
}
