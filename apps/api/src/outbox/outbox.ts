import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Dialect } from "../db/connection.js";
import { newId } from "../db/ids.js";
import type { Database } from "../db/types.js";
import { type ClaimedJob, claimNext } from "./claim.js";

/**
 * The durable job queue (issues 11 and 13): a job is a row (type + JSON payload) written in the
 * same transaction as the change that calls for it, so it survives a crash and a restart. Every
 * process polls; a claim gives one process a lease on one job (renewed while it runs), so a job
 * runs at most once at a time and a crashed process's job is taken over when its lease ends.
 * Failures are retried with exponential backoff up to a maximum of attempts, then the job is
 * `failed` and listed for admins (GET /api/admin/jobs), who may put it back.
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
  /** How long a claim lasts without renewal; a running job renews it every third of that. */
  leaseMs: number;
  /** How often the poller looks for due jobs; 0 turns the poller off (tests run it by hand). */
  pollMs: number;
}

export const OUTBOX_DEFAULTS: OutboxOptions = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  pollMs: 5_000,
};

export interface EnqueueOptions {
  /** At most one job ever has this key: a second enqueue with it adds nothing (answers null). */
  uniqueKey?: string;
}

type Executor = Pick<Kysely<Database>, "insertInto">;

export function backoffMs(attempt: number, options: Pick<OutboxOptions, "baseDelayMs" | "maxDelayMs">): number {
  return Math.min(options.baseDelayMs * 2 ** (attempt - 1), options.maxDelayMs);
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Writes a job row. Code without the app's outbox at hand (the completion rule, called from many
 * transactions) queues through this with the default attempts; every process's poller runs it.
 */
export async function insertJob(
  executor: Executor,
  job: EnqueueOptions & { type: string; payload: unknown; maxAttempts?: number; stamp?: string },
): Promise<string | null> {
  const id = newId();
  const stamp = job.stamp ?? new Date().toISOString();
  const result = await executor
    .insertInto("outbox_jobs")
    .values({
      id,
      type: job.type,
      payload: JSON.stringify(job.payload),
      status: "pending",
      attempts: 0,
      max_attempts: job.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts,
      run_at: stamp,
      locked_until: null,
      last_error: null,
      created_at: stamp,
      updated_at: stamp,
      unique_key: job.uniqueKey ?? null,
      lease_token: null,
    })
    .onConflict((oc) => oc.column("unique_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 1n) === 1 ? id : null;
}

/** Queues jobs with `insertJob` where only `enqueue` is needed. */
export const jobWriter = {
  enqueue: (executor: Executor, type: string, payload: unknown, options: EnqueueOptions = {}) =>
    insertJob(executor, { type, payload, ...options }),
};
export type JobWriter = Pick<Outbox, "enqueue">;

export function createOutbox(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  log: FastifyBaseLogger;
  options?: Partial<OutboxOptions>;
}) {
  const { db, dialect, now, log } = deps;
  const options = { ...OUTBOX_DEFAULTS, ...deps.options };
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;

  /** Adds a job; pass the transaction of the change that calls for it. Answers its id, or null for a taken key. */
  const enqueue = (executor: Executor, type: string, payload: unknown, enqueueOptions: EnqueueOptions = {}) =>
    insertJob(executor, {
      type,
      payload,
      ...enqueueOptions,
      maxAttempts: options.maxAttempts,
      stamp: now().toISOString(),
    });

  const leaseEnd = () => new Date(now().getTime() + options.leaseMs).toISOString();

  /** Records the outcome, only while this claim still owns the job (a lost lease changes nothing). */
  const settle = (job: ClaimedJob, token: string, changes: Partial<Database["outbox_jobs"]>) =>
    db
      .updateTable("outbox_jobs")
      .set({ ...changes, locked_until: null, lease_token: null, updated_at: now().toISOString() })
      .where("id", "=", job.id)
      .where("lease_token", "=", token)
      .execute();

  async function work(job: ClaimedJob, token: string) {
    const attempt = job.attempts;
    const handler = handlers.get(job.type);
    if (attempt > job.max_attempts) {
      // Its last attempt's process stopped without reporting back.
      await settle(job, token, { status: "failed", last_error: "The process running the last attempt stopped." });
      return;
    }
    const lastAttempt = attempt >= job.max_attempts;
    const renew = setInterval(() => {
      db.updateTable("outbox_jobs")
        .set({ locked_until: leaseEnd() })
        .where("id", "=", job.id)
        .where("lease_token", "=", token)
        .execute()
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, "job lease renewal failed"));
    }, options.leaseMs / 3);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler.run(JSON.parse(job.payload), { attempt, lastAttempt });
      clearInterval(renew);
      await settle(job, token, { status: "done", last_error: null });
    } catch (error) {
      clearInterval(renew);
      const message = errorText(error);
      log.warn({ jobId: job.id, type: job.type, attempt, err: message }, "job failed");
      const retryAt = new Date(now().getTime() + backoffMs(attempt, options)).toISOString();
      await settle(job, token, {
        status: lastAttempt ? "failed" : "pending",
        run_at: lastAttempt ? now().toISOString() : retryAt,
        last_error: message,
      });
      if (lastAttempt) await handler?.giveUp?.(JSON.parse(job.payload), message);
    }
  }

  /** Works every job that is due now (and those a stopped process left); answers how many ran. */
  async function drainDue(): Promise<number> {
    let done = 0;
    for (;;) {
      const token = randomUUID();
      const job = await claimNext(db, dialect, { stamp: now().toISOString(), leaseUntil: leaseEnd(), token });
      if (!job) return done;
      await work(job, token);
      done += 1;
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

  const pass = () => runDue().catch((error: unknown) => log.error({ err: error }, "job poll failed"));

  return {
    enqueue,
    runDue,
    options,
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
