import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection.js";

/** One of '*0'..'*3' by the last hex digit of an id: everyone's counts on PostgreSQL (migration 032). */
const shard = (id: RawBuilder<unknown>) => sql`case when substr(${id}, 24, 1) < '4' then '*0'
  when substr(${id}, 24, 1) < '8' then '*1' when substr(${id}, 24, 1) < 'c' then '*2' else '*3' end`;

/**
 * Sets the trigger-kept daily counts (activity_daily) to what the entries say. A restore needs it:
 * the archive's counts arrive beside entries whose inserts the triggers count again, and an
 * archive from the other engine keeps everyone's counts in the other engine's scopes.
 */
export async function recountActivityDaily(db: Kysely<any>, dialect: Db["dialect"]): Promise<void> {
  await db.deleteFrom("activity_daily").execute();
  const everyone = dialect === "postgres" ? shard(sql.raw("id")) : sql`'*'`;
  for (const scope of [sql`coalesce(user_id, '')`, everyone]) {
    await sql`insert into activity_daily (scope, day, type, count)
      select ${scope}, substr(created_at, 1, 10), type, count(*) from activities
      group by 1, 2, 3`.execute(db);
  }
}
