import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../db/types.js";

type Executor = Kysely<Database> | Transaction<Database>;

/** Until when the account's sign-in is locked, if it ever was. */
export async function lockedUntil(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("sign_in_failures")
    .select("locked_until")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Counts one failure in one statement, so failures at once on several processes all count: a window
 * older than `windowStartedBefore` starts again at one, and reaching `max` sets the lock. Answers the
 * count, so exactly one failure (the one that reached `max`) sees the lock begin.
 */
export async function countFailure(
  db: Executor,
  userId: string,
  at: { now: string; windowStartedBefore: string; lockUntil: string; max: number },
): Promise<number> {
  const fresh = sql<boolean>`sign_in_failures.window_started_at <= ${at.windowStartedBefore}`;
  const counted = sql<number>`case when ${fresh} then 1 else sign_in_failures.failures + 1 end`;
  const row = await db
    .insertInto("sign_in_failures")
    .values({
      user_id: userId,
      failures: 1,
      window_started_at: at.now,
      locked_until: at.max <= 1 ? at.lockUntil : null,
    })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        failures: counted,
        window_started_at: sql<string>`case when ${fresh} then ${at.now} else sign_in_failures.window_started_at end`,
        locked_until: sql<
          string | null
        >`case when ${counted} >= ${at.max} then ${at.lockUntil} else sign_in_failures.locked_until end`,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function clearFailures(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom("sign_in_failures").where("user_id", "=", userId).execute();
}
