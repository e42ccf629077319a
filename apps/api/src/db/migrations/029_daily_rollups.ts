import { type Kysely, PostgresAdapter, sql } from "kysely";

// Admin analytics (issue 11): counts per hour, day and month of new users, new enrollments and credits
// spent, kept in the same transaction as the counted action so the charts never scan the raw rows;
// and the totals of users, courses and enrollments, kept by triggers (every insert and delete, by
// any code path) so the dashboard's stats never count whole tables. Existing rows are counted once
// here. Frozen once landed.
const COUNTED = ["users", "courses", "enrollments"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("platform_counters")
    .addColumn("name", "varchar(32)", (c) => c.primaryKey())
    .addColumn("value", "bigint", (c) => c.notNull())
    .execute();
  for (const table of COUNTED) {
    await sql`insert into platform_counters (name, value) select ${table}, count(*) from ${sql.table(table)}`.execute(
      db,
    );
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresCounterTriggers(db);
  else await sqliteCounterTriggers(db);
  // The stats' growth windows count the enrollments of the last 60 days from this index.
  await db.schema.createIndex("enrollments_enrolled_at_idx").on("enrollments").column("enrolled_at").execute();

  await db.schema
    .createTable("daily_rollups")
    .addColumn("metric", "varchar(32)", (c) => c.notNull())
    // 'hour' buckets are 'YYYY-MM-DDTHH', 'day' buckets 'YYYY-MM-DD', 'month' buckets 'YYYY-MM' (UTC).
    .addColumn("period", "varchar(8)", (c) => c.notNull())
    .addColumn("bucket", "varchar(16)", (c) => c.notNull())
    .addColumn("value", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("daily_rollups_pk", ["metric", "period", "bucket"])
    .execute();

  for (const [metric, table, column] of [
    ["users", "users", "created_at"],
    ["enrollments", "enrollments", "enrolled_at"],
  ] as const) {
    for (const [period, length] of [
      ["day", 10],
      ["hour", 13],
      ["month", 7],
    ] as const) {
      await sql`insert into daily_rollups (metric, period, bucket, value)
        select ${metric}, ${period}, substr(${sql.ref(column)}, 1, ${sql.lit(length)}), count(*)
        from ${sql.table(table)} group by substr(${sql.ref(column)}, 1, ${sql.lit(length)})`.execute(db);
    }
  }

  // Credits spent so far are known from the self-enrollment entries of the activity log.
  const paid = await db
    .selectFrom("activities")
    .select(["created_at", "metadata"])
    .where("type", "=", "course_enrollment")
    .where("metadata", "like", '%"priceCredits"%')
    .execute();
  const spent = new Map<string, number>();
  for (const { created_at, metadata } of paid) {
    const credits = Number(JSON.parse(metadata).priceCredits) || 0;
    if (credits <= 0) continue;
    for (const bucket of [
      `day ${created_at.slice(0, 10)}`,
      `hour ${created_at.slice(0, 13)}`,
      `month ${created_at.slice(0, 7)}`,
    ]) {
      spent.set(bucket, (spent.get(bucket) ?? 0) + credits);
    }
  }
  for (const [key, value] of spent) {
    const [period, bucket] = key.split(" ");
    await db.insertInto("daily_rollups").values({ metric: "credits_spent", period, bucket, value }).execute();
  }
}

// SQLite has row triggers only; its writes are serialised anyway, and each is one small update.
async function sqliteCounterTriggers(db: Kysely<any>): Promise<void> {
  for (const table of COUNTED) {
    for (const [event, change] of [
      ["insert", "+ 1"],
      ["delete", "- 1"],
    ] as const) {
      await sql`create trigger ${sql.raw(`${table}_counted_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update platform_counters set value = value ${sql.raw(change)} where name = ${sql.lit(table)}; end`.execute(
        db,
      );
    }
  }
}

// PostgreSQL: statement triggers over transition tables, so a bulk insert (an import) moves the
// counter once, not once per row.
async function postgresCounterTriggers(db: Kysely<any>): Promise<void> {
  await sql`create or replace function platform_count_added() returns trigger language plpgsql as $$
    begin
      update platform_counters set value = value + (select count(*) from added) where name = tg_argv[0];
      return null;
    end $$`.execute(db);
  await sql`create or replace function platform_count_removed() returns trigger language plpgsql as $$
    begin
      update platform_counters set value = value - (select count(*) from removed) where name = tg_argv[0];
      return null;
    end $$`.execute(db);
  for (const table of COUNTED) {
    await sql`create trigger ${sql.raw(`${table}_counted_insert`)} after insert on ${sql.table(table)}
      referencing new table as added for each statement
      execute function platform_count_added(${sql.lit(table)})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_counted_delete`)} after delete on ${sql.table(table)}
      referencing old table as removed for each statement
      execute function platform_count_removed(${sql.lit(table)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of COUNTED) {
    await sql`drop trigger if exists ${sql.raw(`${table}_counted_insert`)}${sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? ` on ${table}` : "")}`.execute(
      db,
    );
    await sql`drop trigger if exists ${sql.raw(`${table}_counted_delete`)}${sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? ` on ${table}` : "")}`.execute(
      db,
    );
  }
  await db.schema.dropTable("platform_counters").execute();
  await db.schema.dropTable("daily_rollups").execute();
}
