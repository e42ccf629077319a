import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import type { JobHandler } from "./outbox.js";
import type { RecurringJob } from "./recurring.js";

export const JOBS_PRUNE_JOB = "jobs.prune";
/** Finished jobs are kept this long (to look into), then removed; failed ones stay until retried or removed by hand. */
const KEEP_DONE_MS = 7 * 86_400_000;

export const pruneJobsRecurring: RecurringJob = { type: JOBS_PRUNE_JOB, everyMs: 60 * 60_000 };

export function createPruneJobsJob(deps: { db: Kysely<Database>; now: () => Date }): JobHandler {
  return {
    async run() {
      await deps.db
        .deleteFrom("outbox_jobs")
        .where("status", "=", "done")
        .where("updated_at", "<", new Date(deps.now().getTime() - KEEP_DONE_MS).toISOString())
        .execute();
    },
  };
}
