import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

/**
 * Sets the trigger-kept forum counts (migration 053) to what the threads and read marks say. A
 * restore needs it: the archive's counts arrive beside rows whose inserts the triggers count again.
 */
export async function recountDiscussions(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("discussion_course_counts").execute();
  await db.deleteFrom("discussion_read_counts").execute();
  await sql`insert into discussion_course_counts (course_id, threads)
    select course_id, count(*) from discussion_threads group by course_id`.execute(db);
  await sql`insert into discussion_read_counts (user_id, course_id, threads)
    select r.user_id, t.course_id, count(*) from discussion_reads r join discussion_threads t on t.id = r.thread_id
    where r.read_at >= t.last_activity_at group by r.user_id, t.course_id`.execute(db);
}
