import type { Kysely } from "kysely";

// Activity lists are ordered by (created_at, id) newest first (issue 13: hot reads at 1M entries).
// The indexes ended at created_at, so every page read the table row of each entry it skipped or
// returned to break ties by id, and sorted them: a learner's 50th page of 20,000 entries took
// 1.9 ms of SQLite, the first 0.26 ms. With id in the index the order is the index's own and
// skipped entries are index entries (0.15 ms and 0.09 ms). The rollups get an index that covers
// their counts over a range of days: a list's total and the stats are read from index entries alone,
// and a year's stats by day come in the index's order. Frozen once landed.
const ORDERED = [
  { name: "activities_created_idx", columns: ["created_at", "id"] },
  { name: "activities_user_created_idx", columns: ["user_id", "created_at", "id"] },
  { name: "activities_type_created_idx", columns: ["type", "created_at", "id"] },
  { name: "activities_user_type_created_idx", columns: ["user_id", "type", "created_at", "id"] },
  { name: "activities_course_created_idx", columns: ["course_id", "created_at", "id"] },
  { name: "activities_role_created_idx", columns: ["user_role", "created_at", "id"] },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, columns } of ORDERED) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on("activities").columns(columns).execute();
  }
  await db.schema
    .createIndex("activity_daily_counts_idx")
    .on("activity_daily")
    .columns(["scope", "day", "type", "count"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("activity_daily_counts_idx").execute();
  for (const { name, columns } of ORDERED) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on("activities").columns(columns.slice(0, -1)).execute();
  }
}
