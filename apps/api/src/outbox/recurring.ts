import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import type { Outbox } from "./outbox.js";

export interface RecurringJob {
  type: string;
  /** How often each process proposes a run; runs of one period share a key, so only one happens. */
  everyMs: number;
  /** Asked first, when proposing is not always worth a row (a backup that is not due yet). */
  wanted?: () => Promise<boolean>;
}

/** The key of the period `at` falls in: "type:2026-11-24T23:00:00.000Z" for an hourly job. */
export const periodKey = (type: string, everyMs: number, at: Date) =>
  `${type}:${new Date(Math.floor(at.getTime() / everyMs) * everyMs).toISOString()}`;

/**
 * Recurring work with several processes: every process proposes a job per period, at start and on
 * its own timer; the period's unique key lets one row (and so one run) come of all the proposals.
 */
export function scheduleRecurring(deps: {
  db: Kysely<Database>;
  outbox: Outbox;
  now: () => Date;
  log: FastifyBaseLogger;
  jobs: RecurringJob[];
}) {
  const { db, outbox, now, log } = deps;
  const timers: NodeJS.Timeout[] = [];

  async function propose(job: RecurringJob) {
    if (job.wanted && !(await job.wanted())) return;
    const id = await outbox.enqueue(db, job.type, {}, { uniqueKey: periodKey(job.type, job.everyMs, now()) });
    if (id) outbox.kick();
  }
  const tick = (job: RecurringJob) => () =>
    void propose(job).catch((error: unknown) => log.warn({ err: error, type: job.type }, "could not schedule job"));

  return {
    propose,
    start() {
      for (const job of deps.jobs) {
        tick(job)();
        const timer = setInterval(tick(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
    },
  };
}
