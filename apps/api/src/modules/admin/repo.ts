import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

/** Rows in the table, and those whose date column falls in [previousFrom, currentFrom) and [currentFrom, ∞). */
export interface WindowedCount {
  total: number;
  current: number;
  previous: number;
}

type DatedTable = "users" | "courses" | "enrollments";
const DATE_COLUMN = { users: "created_at", courses: "created_at", enrollments: "enrolled_at" } as const;

/** One aggregate query per table: its size and what was created in the two growth windows (ISO text dates). */
export async function windowedCount(
  db: Kysely<Database>,
  table: DatedTable,
  currentFrom: string,
  previousFrom: string,
): Promise<WindowedCount> {
  const column = sql.ref(DATE_COLUMN[table]);
  const row = await db
    .selectFrom(table)
    .select([
      sql<number>`count(*)`.as("total"),
      sql<number>`coalesce(sum(case when ${column} >= ${currentFrom} then 1 else 0 end), 0)`.as("current"),
      sql<number>`coalesce(sum(case when ${column} >= ${previousFrom} and ${column} < ${currentFrom} then 1 else 0 end), 0)`.as(
        "previous",
      ),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), current: Number(row.current), previous: Number(row.previous) };
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
