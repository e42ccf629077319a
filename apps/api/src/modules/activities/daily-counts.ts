import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/connection.js";

/** The last hex digit of an id in one of four buckets '0'..'3': how PostgreSQL spreads a shared count (032, 063). */
const bucket = (id: RawBuilder<unknown>) => sql`case when substr(${id}, 24, 1) < '4' then '0'
  when substr(${id}, 24, 1) < '8' then '1' when substr(${id}, 24, 1) < 'c' then '2' else '3' end`;

/**
 * Sets the trigger-kept daily counts (activity_daily) and all-time totals (activity_totals) to what
 * the entries say. A restore needs it:
 * the archive's counts arrive beside entries whose inserts the triggers count again, and an
 * archive from the other engine keeps everyone's counts in the other engine's scopes.
 */
export async function recountActivityDaily(db: Kysely<any>, dialect: Db["dialect"]): Promise<void> {
  await db.deleteFrom("activity_daily").execute();
  await db.deleteFrom("activity_totals").execute();
  const postgres = dialect === "postgres";
  const id = sql.raw("id");
  const everyone = postgres ? sql`'*' || ${bucket(id)}` : sql`'*'`;
  const byRole = postgres ? sql`'@' || user_role || ${bucket(id)}` : sql`'@' || user_role`;
  for (const [scope, entries] of [
    [sql`coalesce(user_id, '')`, sql`true`],
    [everyone, sql`true`],
    [byRole, sql`user_role is not null`],
  ]) {
    await sql`insert into activity_daily (scope, day, type, count)
      select ${scope}, substr(created_at, 1, 10), type, count(*) from activities
      where ${entries} group by 1, 2, 3`.execute(db);
  }
  await sql`insert into activity_totals (scope, type, count)
    select scope, type, sum(count) from activity_daily group by scope, type`.execute(db);
}
