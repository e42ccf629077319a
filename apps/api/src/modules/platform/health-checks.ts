import { constants } from "node:fs";
import { access, statfs } from "node:fs/promises";
import path from "node:path";
import type { HealthCheck, HealthComponent, HealthState } from "@lms/contract";
import { type Kysely, sql } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../../db/types.js";
import type { MeetingConfig } from "../../meetings/index.js";

/** Every check gives up after this long. */
export const CHECK_TIMEOUT_MS = 3000;
const SLOW_DATABASE_MS = 200;
const GB = 1024 ** 3;
// Free space: degraded under 10 % or 1 GB, down under 1 % or 100 MB (uploads would soon fail).
const LOW_FREE = { share: 0.1, bytes: GB };
const CRITICAL_FREE = { share: 0.01, bytes: 100 * 1024 ** 2 };

type Outcome = { status: HealthState; detail: string };

function withTimeout<T>(work: Promise<T>, what: string, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function timed(component: HealthComponent, check: () => Promise<Outcome>): Promise<HealthCheck> {
  const started = performance.now();
  const outcome = await check().catch((error: Error) => ({ status: "down" as const, detail: error.message }));
  return { component, ...outcome, durationMs: Math.round((performance.now() - started) * 10) / 10 };
}

export async function checkDatabase(db: Kysely<Database>): Promise<Outcome> {
  const started = performance.now();
  try {
    await withTimeout(sql`select 1`.execute(db), "The database");
  } catch (error) {
    return { status: "down", detail: `Not answering: ${(error as Error).message}` };
  }
  const ms = Math.round(performance.now() - started);
  return ms > SLOW_DATABASE_MS
    ? { status: "degraded", detail: `Slow: a trivial query took ${ms} ms` }
    : { status: "ok", detail: `Answering (${ms} ms)` };
}

export async function checkStorage(dataDir: string): Promise<Outcome> {
  const stats = await withTimeout(statfs(dataDir), "The data folder");
  const free = stats.bavail * stats.bsize;
  const share = free / (stats.blocks * stats.bsize || 1);
  const detail = `${(free / GB).toFixed(1)} GB free (${Math.round(share * 100)} %) where DATA_DIR is`;
  if (share < CRITICAL_FREE.share || free < CRITICAL_FREE.bytes) return { status: "down", detail };
  if (share < LOW_FREE.share || free < LOW_FREE.bytes) return { status: "degraded", detail };
  return { status: "ok", detail };
}

/** SMTP: the server greets and accepts our login. Without SMTP_URL mail only reaches the outbox folder. */
export async function checkMail(config: { smtpUrl?: string; dataDir: string }): Promise<Outcome> {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: CHECK_TIMEOUT_MS,
      greetingTimeout: CHECK_TIMEOUT_MS,
    });
    try {
      await withTimeout(transport.verify(), "The mail server");
      return { status: "ok", detail: `SMTP server ${new URL(config.smtpUrl).hostname} accepts connections` };
    } catch (error) {
      return { status: "down", detail: `SMTP server unreachable: ${(error as Error).message}` };
    } finally {
      transport.close();
    }
  }
  const outbox = path.join(config.dataDir, "outbox");
  try {
    // The outbox mailer makes the folder when it starts; until then the data folder must take it.
    await access(outbox, constants.W_OK).catch(() => access(config.dataDir, constants.W_OK));
  } catch {
    return { status: "down", detail: "No SMTP_URL and the outbox folder is not writable" };
  }
  return { status: "degraded", detail: "No SMTP_URL: e-mails are written to the outbox folder, not delivered" };
}

/** Where the meeting provider can be reached from the server; any HTTP answer counts as reachable. */
export function meetingProbeUrl(config: MeetingConfig): string {
  if (config.provider === "zoom") return config.apiUrl;
  if (config.provider === "bbb") return `${config.url.replace(/\/+$/, "")}/api`;
  return `https://${config.domain}/`;
}

/** Configured (always, or the server would not start) and reachable; unreachable is degraded, since links still work for users who can reach it. */
export async function checkMeetings(config: MeetingConfig): Promise<Outcome> {
  const url = meetingProbeUrl(config);
  try {
    const response = await fetch(url, { method: "GET", signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    return { status: "ok", detail: `${config.provider} configured; ${new URL(url).host} answered ${response.status}` };
  } catch (error) {
    const failure = error as Error & { cause?: { code?: string } };
    const reason = failure.name === "TimeoutError" ? "no answer within 3 s" : (failure.cause?.code ?? failure.message);
    return {
      status: "degraded",
      detail: `${config.provider} configured; ${new URL(url).host} not reachable: ${reason}`,
    };
  }
}

export interface HealthDeps {
  db: Kysely<Database>;
  dataDir: string;
  smtpUrl?: string;
  meetings: MeetingConfig;
}

/** All four checks at once; none takes longer than CHECK_TIMEOUT_MS. */
export function runHealthChecks(deps: HealthDeps): Promise<HealthCheck[]> {
  return Promise.all([
    timed("database", () => checkDatabase(deps.db)),
    timed("storage", () => checkStorage(deps.dataDir)),
    timed("mail", () => checkMail(deps)),
    timed("meetings", () => checkMeetings(deps.meetings)),
  ]);
}
