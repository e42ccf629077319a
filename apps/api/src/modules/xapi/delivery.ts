import { XAPI_VERSION } from "@lms/contract";
import type { Kysely } from "kysely";
import type { XapiConfig } from "../../config.js";
import type { Database } from "../../db/types.js";
import type { JobHandler } from "../../outbox/outbox.js";
import type { RecurringJob } from "../../outbox/recurring.js";
import * as repo from "./repo.js";
import { renderStatement } from "./statement.js";

export const XAPI_DELIVER_JOB = "xapi.deliver";

type Lrs = NonNullable<XapiConfig["lrs"]>;

/**
 * Sends every stored statement the LRS has not accepted yet, a batch per request, oldest first,
 * and marks each accepted batch. An LRS that is down or refuses throws, so the queue retries the job
 * with its backoff; what was not accepted stays pending for that next run.
 */
export function createXapiDeliveryJob(deps: {
  db: Kysely<Database>;
  lrs: Lrs;
  batchSize: number;
  publicUrl: string;
  now: () => Date;
}): JobHandler {
  const { db, lrs, batchSize, publicUrl, now } = deps;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-experience-api-version": XAPI_VERSION,
    ...(lrs.authorization ? { authorization: lrs.authorization } : {}),
  };
  return {
    async run() {
      for (;;) {
        const rows = await repo.pendingStatements(db, batchSize);
        if (rows.length === 0) return;
        const response = await fetch(`${lrs.url}/statements`, {
          method: "POST",
          headers,
          body: JSON.stringify(rows.map((row) => renderStatement(row, publicUrl))),
          signal: AbortSignal.timeout(30_000),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`The LRS answered ${response.status} to ${rows.length} statements`);
        await repo.markDelivered(
          db,
          rows.map((row) => row.id),
          now().toISOString(),
        );
      }
    },
  };
}

/** Proposed on a timer while statements wait and no delivery job is queued already. */
export function xapiDeliveryRecurring(db: Kysely<Database>, everyMs: number): RecurringJob {
  return {
    type: XAPI_DELIVER_JOB,
    everyMs,
    wanted: async () => {
      const queued = await db
        .selectFrom("outbox_jobs")
        .select("id")
        .where("type", "=", XAPI_DELIVER_JOB)
        .where("status", "in", ["pending", "running"])
        .limit(1)
        .executeTakeFirst();
      return !queued && (await repo.hasPending(db));
    },
  };
}
