import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { newId } from "../db/ids.js";
import type { Database } from "../db/types.js";

/**
 * A durable outbox of background jobs (issue 11): a job is a row (type + JSON payload) written in
 * the same transaction as the change that calls for it, so it survives a restart, and an in-process
 * poller works it with exponential backoff up to a maximum of attempts. The table is the contract:
 * a later job queue (pg-boss, graphile-worker) can take over by reading `outbox_jobs` or by
 * replacing `enqueue` and the poller, while the handlers stay as they are.
 */
export interface JobContext {
  /** 1 for the first run. */
  attempt: number;
  lastAttempt: boolean;
}

export interface JobHandler {
  /** Throws to be retried later (with backoff) or, after the last attempt, given up. */
  run(payload: unknown, context: JobContext): Promise<void>;
  /** Called once when the job has failed its last attempt. */
  giveUp?(payload: unknown, error: string): Promise<void>;
}

export interface OutboxOptions {
  maxAttempts: number;
  /** Delay before the second attempt; doubles for each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed job stays with its process before another may take it (a crashed process). */
  leaseMs: number;
  /** How often the poller looks for due jobs; 0 turns the poller off (tests run it by hand). */
  pollMs: number;
  batchSize: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 10 * 60_000,
  pollMs: 5_000,
  batchSize: 10,
};

type Executor = Pick<Kysely<Database>, "insertInto">;

export function backoffMs(attempt: number, options: Pick<OutboxOptions, "baseDelayMs" | "maxDelayMs">): number {
  return Math.min(options.baseDelayMs * 2 ** (attempt - 1), options.maxDelayMs);
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function createOutbox(deps: {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  options?: Partial<OutboxOptions>;
}) {
  const { db, now, log } = deps;
  const options = { ...OUTBOX_DEFAULTS, ...deps.options };
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;

  /** Adds a job; pass the transaction of the change that calls for it. */
  async function enqueue(executor: Executor, type: string, payload: unknown): Promise<string> {
    const id = newId();
    const stamp = now().toISOString();
    await executor
      .insertInto("outbox_jobs")
      .values({
        id,
        type,
        payload: JSON.stringify(payload),
        status: "pending",
        attempts: 0,
        max_attempts: options.maxAttempts,
        run_at: stamp,
        locked_until: null,
        last_error: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return id;
  }

  /** Takes a job for this process; false when another process took it first. */
  async function claim(job: { id: string; status: string; locked_until: string | null }, stamp: string) {
    const result = await db
      .updateTable("outbox_jobs")
      .set({
        status: "running",
        locked_until: new Date(Date.parse(stamp) + options.leaseMs).toISOString(),
        updated_at: stamp,
      })
      .where("id", "=", job.id)
      .where("status", "=", job.status)
      .where((eb) =>
        job.locked_until === null ? eb("locked_until", "is", null) : eb("locked_until", "=", job.locked_until),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function work(job: { id: string; type: string; payload: string; attempts: number; max_attempts: number }) {
    const attempt = job.attempts + 1;
    const lastAttempt = attempt >= job.max_attempts;
    const handler = handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler.run(JSON.parse(job.payload), { attempt, lastAttempt });
      const stamp = now().toISOString();
      await db
        .updateTable("outbox_jobs")
        .set({ status: "done", attempts: attempt, locked_until: null, last_error: null, updated_at: stamp })
        .where("id", "=", job.id)
        .execute();
    } catch (error) {
      const stamp = now();
      const message = errorText(error);
      log.warn({ jobId: job.id, type: job.type, attempt, err: message }, "outbox job failed");
      await db
        .updateTable("outbox_jobs")
        .set({
          status: lastAttempt ? "failed" : "pending",
          attempts: attempt,
          run_at: lastAttempt
            ? stamp.toISOString()
            : new Date(stamp.getTime() + backoffMs(attempt, options)).toISOString(),
          locked_until: null,
          last_error: message,
          updated_at: stamp.toISOString(),
        })
        .where("id", "=", job.id)
        .execute();
      if (lastAttempt) await handler?.giveUp?.(JSON.parse(job.payload), message);
    }
  }

  /** Works every job that is due now (and those a stopped process left); answers how many ran. */
  async function drainDue(): Promise<number> {
    let done = 0;
    for (;;) {
      const stamp = now().toISOString();
      const due = await db
        .selectFrom("outbox_jobs")
        .select(["id", "type", "payload", "status", "attempts", "max_attempts", "locked_until"])
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "pending"), eb("run_at", "<=", stamp)]),
            eb.and([eb("status", "=", "running"), eb("locked_until", "<", stamp)]),
          ]),
        )
        .orderBy("run_at")
        .limit(options.batchSize)
        .execute();
      if (due.length === 0) return done;
      for (const job of due) {
        if (!(await claim(job, stamp))) continue;
        await work(job);
        done += 1;
      }
    }
  }

  /** Runs the due jobs now; a call while a pass runs waits for it and runs one more pass. */
  async function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainDue();
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const pass = () => runDue().catch((error: unknown) => log.error({ err: error }, "outbox poll failed"));

  return {
    enqueue,
    runDue,
    register(type: string, handler: JobHandler) {
      handlers.set(type, handler);
    },
    /** Looks for work soon, without waiting for the next poll (a job was just added). */
    kick() {
      if (timer) setImmediate(() => timer && void pass());
    },
    start() {
      if (options.pollMs > 0 && !timer) timer = setInterval(pass, options.pollMs);
    },
    /** Stops polling and waits for the pass under way. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
