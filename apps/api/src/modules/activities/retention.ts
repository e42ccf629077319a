import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { pruneBatch, pruneRollups } from "./repo.js";

const DAY_MS = 86_400_000;
export const ACTIVITY_RETENTION_JOB = "activity.retention";
/** Pruning is proposed hourly by every process; one job per hour runs it. */
export const RETENTION_EVERY_MS = 60 * 60_000;

export interface RetentionOptions {
  db: Kysely<Database>;
  /** Entries older than this many days go; 0 keeps everything. */
  days: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Rows per DELETE: each statement holds its locks only for this many rows. */
  batchSize?: number;
  /** Pause between batches, so writers and readers get the database in between. */
  pauseMs?: number;
}

/**
 * Prunes the activity log to ACTIVITY_RETENTION_DAYS in small batches (1,000 rows per statement,
 * 50 ms apart), as the hourly `activity.retention` job. Rollups follow by trigger; emptied days are dropped.
 */
export function createActivityRetention({ db, days, now, log, batchSize = 1000, pauseMs = 50 }: RetentionOptions) {
  let stopped = false;
  let running: Promise<number> | null = null;

  async function prune(): Promise<number> {
    if (days <= 0) return 0;
    const cutoff = new Date(now().getTime() - days * DAY_MS).toISOString();
    let total = 0;
    for (;;) {
      const deleted = await pruneBatch(db, cutoff, batchSize);
      total += deleted;
      if (deleted < batchSize || stopped) break;
      await sleep(pauseMs);
    }
    await pruneRollups(db, cutoff.slice(0, 10));
    if (total > 0) log.info({ deleted: total, before: cutoff }, "activity entries pruned");
    return total;
  }

  /** One pass; at most one runs at a time. */
  function runOnce(): Promise<number> {
    running ??= prune().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    /** Stops a pass under way after its current batch (shutdown). */
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
}
export type ActivityRetention = ReturnType<typeof createActivityRetention>;
