import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

/**
 * Sets the trigger-kept catalogue totals (migration 034) to what the courses say. A restore needs
 * it: the archive's counts arrive beside courses whose inserts the triggers count again.
 */
export async function recountCatalogue(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("catalogue_counts").execute();
  await sql`insert into catalogue_counts (scope, count) select '*', count(*) from courses where published = 1`.execute(
    db,
  );
  await sql`insert into catalogue_counts (scope, count)
    select 'c:' || category_id, count(*) from courses where published = 1 and category_id is not null
    group by category_id`.execute(db);
}
