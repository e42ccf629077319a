import { type Kysely, PostgresAdapter, sql } from "kysely";

// The catalogue's totals (issue 13): how many published courses there are, in all ('*') and per
// category ('c:' + its id), kept by triggers on every insert, delete and change of a course's
// published flag or category, by any code path, so a catalogue page never counts the courses
// table. Existing courses are counted once here. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalogue_counts")
    .addColumn("scope", "varchar(32)", (c) => c.primaryKey())
    .addColumn("count", "bigint", (c) => c.notNull())
    .execute();
  // Written out here rather than shared with the restore's recount, so this file stays frozen.
  await sql`insert into catalogue_counts (scope, count) select '*', count(*) from courses where published = 1`.execute(
    db,
  );
  await sql`insert into catalogue_counts (scope, count)
    select 'c:' || category_id, count(*) from courses where published = 1 and category_id is not null
    group by category_id`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** Adds `change` (+1 or -1) to the total and to the category of `row` ('new' or 'old') when it is published. */
const sqliteCount = (row: "new" | "old", change: 1 | -1) =>
  sql.raw(`insert into catalogue_counts (scope, count)
      select scope, ${change} from (select '*' as scope union all select 'c:' || ${row}.category_id where ${row}.category_id is not null)
      where ${row}.published = 1
      on conflict (scope) do update set count = count + ${change};`);

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger courses_catalogue_insert after insert on courses begin ${sqliteCount("new", 1)} end`.execute(
    db,
  );
  await sql`create trigger courses_catalogue_delete after delete on courses begin ${sqliteCount("old", -1)} end`.execute(
    db,
  );
  await sql`create trigger courses_catalogue_update after update of published, category_id on courses begin
    ${sqliteCount("old", -1)}
    ${sqliteCount("new", 1)}
  end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function courses_catalogue_count() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') and old.published = 1 then
      update catalogue_counts set count = count - 1
        where scope = '*' or scope = 'c:' || old.category_id;
    end if;
    if tg_op in ('UPDATE', 'INSERT') and new.published = 1 then
      insert into catalogue_counts (scope, count) values ('*', 1) on conflict (scope) do update set count = catalogue_counts.count + 1;
      if new.category_id is not null then
        insert into catalogue_counts (scope, count) values ('c:' || new.category_id, 1)
          on conflict (scope) do update set count = catalogue_counts.count + 1;
      end if;
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger courses_catalogue_count after insert or delete or update of published, category_id on courses
    for each row execute function courses_catalogue_count()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists courses_catalogue_count on courses`.execute(db);
    await sql`drop function if exists courses_catalogue_count()`.execute(db);
  } else {
    for (const event of ["insert", "delete", "update"]) {
      await sql`drop trigger if exists ${sql.raw(`courses_catalogue_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("catalogue_counts").execute();
}
