import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

/**
 * Sets the trigger-kept totals (migration 029) to the tables' real sizes. Only needed after writes
 * that bypass row triggers (TRUNCATE) or that copy platform_counters along with the rows, e.g. a
 * restore; run it in the same transaction.
 */
export async function recountPlatformTotals(db: Kysely<Database>): Promise<void> {
  for (const table of ["users", "courses", "enrollments"] as const) {
    await db
      .updateTable("platform_counters")
      .set({ value: sql<number>`(select count(*) from ${sql.table(table)})` })
      .where("name", "=", table)
      .execute();
  }
}
