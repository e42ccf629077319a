import { type Kysely, sql } from "kysely";

// Admin analytics (issue 11): counts per hour and per day of new users, new enrollments and credits
// spent, kept in the same transaction as the counted action so the charts never scan the raw rows.
// Existing rows are counted once here. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("daily_rollups")
    .addColumn("metric", "varchar(32)", (c) => c.notNull())
    // 'hour' buckets are 'YYYY-MM-DDTHH', 'day' buckets 'YYYY-MM-DD' (UTC).
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
    for (const bucket of [`day ${created_at.slice(0, 10)}`, `hour ${created_at.slice(0, 13)}`]) {
      spent.set(bucket, (spent.get(bucket) ?? 0) + credits);
    }
  }
  for (const [key, value] of spent) {
    const [period, bucket] = key.split(" ");
    await db.insertInto("daily_rollups").values({ metric: "credits_spent", period, bucket, value }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("daily_rollups").execute();
}
