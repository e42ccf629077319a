import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

/** Rows whose date column falls in [currentFrom, ∞) and in [previousFrom, currentFrom). */
export interface WindowedCount {
  current: number;
  previous: number;
}

type DatedTable = "users" | "courses" | "enrollments";
const DATE_COLUMN = { users: "created_at", courses: "created_at", enrollments: "enrolled_at" } as const;

/** The table's size from the trigger-kept counter; no table is counted whole. */
export async function tableTotals(db: Kysely<Database>): Promise<Record<DatedTable, number>> {
  const rows = await db.selectFrom("platform_counters").select(["name", "value"]).execute();
  const total = (name: DatedTable) => Number(rows.find((row) => row.name === name)?.value ?? 0);
  return { users: total("users"), courses: total("courses"), enrollments: total("enrollments") };
}

/** What was created in the two growth windows (ISO text dates), counted over the date index from previousFrom on. */
export async function windowedCount(
  db: Kysely<Database>,
  table: DatedTable,
  currentFrom: string,
  previousFrom: string,
): Promise<WindowedCount> {
  const column = sql.ref(DATE_COLUMN[table]);
  const row = await db
    .selectFrom(table)
    .where(sql.ref(DATE_COLUMN[table]), ">=", previousFrom)
    .select([
      sql<number>`coalesce(sum(case when ${column} >= ${currentFrom} then 1 else 0 end), 0)`.as("current"),
      sql<number>`coalesce(sum(case when ${column} < ${currentFrom} then 1 else 0 end), 0)`.as("previous"),
    ])
    .executeTakeFirstOrThrow();
  return { current: Number(row.current), previous: Number(row.previous) };
}

export async function countLiveSessions(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .where("status", "=", "live")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Bytes recorded for files kept in our storage: lesson files, uploaded materials and stored recordings. */
export async function storedBytes(db: Kysely<Database>): Promise<number> {
  const [files, materials, recordings] = await Promise.all([
    db
      .selectFrom("lesson_files")
      .select((eb) => eb.fn.sum<number>("size").as("bytes"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("materials")
      .where("storage_key", "is not", null)
      .select((eb) => eb.fn.sum<number>("size").as("bytes"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("recordings")
      .where("storage_key", "is not", null)
      .select((eb) => eb.fn.sum<number>("size").as("bytes"))
      .executeTakeFirstOrThrow(),
  ]);
  return [files, materials, recordings].reduce((sum, row) => sum + Number(row.bytes ?? 0), 0);
}
