import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Database } from "../../db/types.js";
import type { RollupMetric, RollupPeriod } from "./rollups.js";

export interface RollupRow {
  metric: RollupMetric;
  bucket: string;
  value: number;
}

/** The hour, day or month buckets of every metric from `fromBucket` to `toBucket` (inclusive), from the primary key. */
export async function rollupRows(
  db: Kysely<Database>,
  period: RollupPeriod,
  fromBucket: string,
  toBucket: string,
): Promise<RollupRow[]> {
  const rows = await db
    .selectFrom("daily_rollups")
    .select(["metric", "bucket", "value"])
    .where("metric", "in", ["users", "enrollments", "credits_spent"])
    .where("period", "=", period)
    .where("bucket", ">=", fromBucket)
    .where("bucket", "<=", toBucket)
    .execute();
  return rows.map((row) => ({ metric: row.metric as RollupMetric, bucket: row.bucket, value: Number(row.value) }));
}

/** Bytes the database takes: SQLite's pages (WAL file aside), PostgreSQL's pg_database_size. */
export async function databaseSizeBytes(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  if (dialect === "postgres") {
    const { rows } = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(db);
    return Number(rows[0].size);
  }
  const { rows } = await sql<{ size: number }>`select page_count * page_size as size
    from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0].size);
}

/** The newest entries of the activity log with their user and course, from the created_at index. */
export async function recentActivities(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom((eb) =>
      eb.selectFrom("activities").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).as("a"),
    )
    .leftJoin("users as u", "u.id", "a.user_id")
    .leftJoin("courses as c", "c.id", "a.course_id")
    .select([
      "a.id",
      "a.type",
      "a.title",
      "a.description",
      "a.user_id",
      "a.user_name",
      "a.course_id",
      "a.created_at",
      "u.name as current_user_name",
      "u.email as user_email",
      "u.role as user_role",
      "c.title as course_title",
      "c.course_code",
    ])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .execute();
}
export type RecentActivityRow = Awaited<ReturnType<typeof recentActivities>>[number];
