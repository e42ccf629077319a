import { type Kysely, sql } from "kysely";
import { isDatabaseUnavailable } from "./errors.js";

export interface WaitLog {
  warn(details: object, message: string): void;
}

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 15_000;
// Wrong password or role (28xxx), no such database (3D000): waiting will not fix these.
const CONFIGURATION_FAULT = /^(28|3D)/;

const causeCode = (error: unknown): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
};

/**
 * At start the database may still be coming up (a host reboot, a failover, a container started
 * first): wait for it, saying so on each attempt, with the wait doubling up to 15 s. A fault that
 * waiting cannot fix is thrown for the caller to report.
 */
export async function waitForDatabase(db: Kysely<any>, log: WaitLog, sleep = delay): Promise<void> {
  for (let attempt = 1, wait = FIRST_RETRY_MS; ; attempt++, wait = Math.min(wait * 2, LONGEST_RETRY_MS)) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || CONFIGURATION_FAULT.test(causeCode(error) ?? "")) throw error;
      log.warn(
        { attempt, retryInSeconds: wait / 1000, reason: (error as Error).message },
        "database unreachable at start; waiting for it",
      );
      await sleep(wait);
    }
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
