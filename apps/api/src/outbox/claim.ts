import type { ExpressionBuilder, Kysely } from "kysely";
import type { Dialect } from "../db/connection.js";
import type { Database } from "../db/types.js";

export interface ClaimedJob {
  id: string;
  type: string;
  payload: string;
  /** Counted at the claim: a run that never reports back (a crashed process) still used an attempt. */
  attempts: number;
  max_attempts: number;
}

const CLAIMED = ["id", "type", "payload", "attempts", "max_attempts"] as const;

/**
 * Takes the next due job (pending and due, or running with an expired lease) for this process
 * under `token`. PostgreSQL: one UPDATE over a `FOR UPDATE SKIP LOCKED` pick, so pollers of several
 * processes take different rows without waiting on each other. SQLite has one writer at a time:
 * a read then a compare-and-set update, retried when another process changed the row in between.
 */
export async function claimNext(
  db: Kysely<Database>,
  dialect: Dialect,
  at: { stamp: string; leaseUntil: string; token: string },
): Promise<ClaimedJob | null> {
  const isDue = (eb: ExpressionBuilder<Database, "outbox_jobs">) =>
    eb.or([
      eb.and([eb("status", "=", "pending"), eb("run_at", "<=", at.stamp)]),
      eb.and([eb("status", "=", "running"), eb("locked_until", "<", at.stamp)]),
    ]);
  const claim = {
    status: "running",
    locked_until: at.leaseUntil,
    lease_token: at.token,
    updated_at: at.stamp,
  } as const;

  if (dialect === "postgres") {
    const row = await db
      .updateTable("outbox_jobs")
      .set((eb) => ({ ...claim, attempts: eb("attempts", "+", 1) }))
      .where("id", "=", (eb) =>
        eb.selectFrom("outbox_jobs").select("id").where(isDue).orderBy("run_at").limit(1).forUpdate().skipLocked(),
      )
      .returning(CLAIMED)
      .executeTakeFirst();
    return row ?? null;
  }

  for (;;) {
    const job = await db
      .selectFrom("outbox_jobs")
      .select([...CLAIMED, "status", "locked_until"])
      .where(isDue)
      .orderBy("run_at")
      .limit(1)
      .executeTakeFirst();
    if (!job) return null;
    const result = await db
      .updateTable("outbox_jobs")
      .set({ ...claim, attempts: job.attempts + 1 })
      .where("id", "=", job.id)
      .where("status", "=", job.status)
      .where("attempts", "=", job.attempts)
      .where((eb) =>
        job.locked_until === null ? eb("locked_until", "is", null) : eb("locked_until", "=", job.locked_until),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return {
        id: job.id,
        type: job.type,
        payload: job.payload,
        attempts: job.attempts + 1,
        max_attempts: job.max_attempts,
      };
    }
  }
}
