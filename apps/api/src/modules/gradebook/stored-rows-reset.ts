import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/** Forgets every stored gradebook row (a restore: they are computed again on their next read). */
export async function forgetStoredGradebookRows(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("gradebook_rows").execute();
  await db.deleteFrom("gradebook_courses").execute();
}
