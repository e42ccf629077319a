import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/** What the admin analytics count: new accounts, new enrollments, credits spent on enrollments. */
export type RollupMetric = "users" | "enrollments" | "credits_spent";

/** An event's time (ISO, UTC) and how much it adds (1 by default). */
export interface RollupEvent {
  at: string;
  amount?: number;
}

/** Bucket lengths of an ISO time: 'YYYY-MM-DDTHH', 'YYYY-MM-DD', 'YYYY-MM' (UTC). */
export const PERIOD_LENGTH = { hour: 13, day: 10, month: 7 } as const;
export type RollupPeriod = keyof typeof PERIOD_LENGTH;
const PERIODS = Object.keys(PERIOD_LENGTH) as RollupPeriod[];

/**
 * Adds events to their hour, day and month buckets. Call it in the transaction of the counted action, so a
 * count never exists without its action nor the other way round. One upsert per touched bucket.
 */
export async function countInRollups(db: Kysely<Database>, metric: RollupMetric, events: RollupEvent[]) {
  const sums = new Map<string, number>();
  for (const { at, amount = 1 } of events) {
    if (amount === 0) continue;
    for (const period of PERIODS) {
      const key = `${period} ${at.slice(0, PERIOD_LENGTH[period])}`;
      sums.set(key, (sums.get(key) ?? 0) + amount);
    }
  }
  for (const [key, value] of sums) {
    const [period, bucket] = key.split(" ") as [RollupPeriod, string];
    await db
      .insertInto("daily_rollups")
      .values({ metric, period, bucket, value })
      .onConflict((oc) =>
        oc
          .columns(["metric", "period", "bucket"])
          .doUpdateSet((eb) => ({ value: eb("daily_rollups.value", "+", eb.ref("excluded.value")) })),
      )
      .execute();
  }
}
