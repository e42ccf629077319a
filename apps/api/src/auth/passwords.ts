import { availableParallelism } from "node:os";
import { MESSAGES } from "@lms/contract";
import { hash, verify } from "@node-rs/argon2";
import { AppError } from "../http/errors.js";

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Hashes at once per process. Each takes a core for ~10 ms on libuv's four threads: a burst of
 * sign-ins on a two-core machine left the event loop a fraction of a core, and every other request
 * waited (the load bench's p99s). Waiting sign-ins queue here instead, and a core stays for the rest.
 */
export const HASHES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));

/** What a client is asked to wait when the queue is full: a few hashes' time on a busy machine. */
export const HASH_QUEUE_RETRY_AFTER_SECONDS = 2;

let running = 0;
const waiting: (() => void)[] = [];
let queueLimit = 64;

/** How many may wait for a slot (PASSWORD_HASH_QUEUE); past it a hash is refused at once. */
export function setHashQueueLimit(limit: number): void {
  queueLimit = limit;
}

/** Runs `work` in a hash slot; with every slot taken and the queue full, 503 with Retry-After at once. */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) {
    if (waiting.length >= queueLimit) {
      throw new AppError(503, MESSAGES.serverBusy, undefined, HASH_QUEUE_RETRY_AFTER_SECONDS);
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const hashPassword = (password: string): Promise<string> => withHashSlot(() => hash(password, OPTIONS));

/** False for a wrong password or a malformed hash; a full queue still answers 503. */
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  withHashSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });

/**
 * Used for unknown e-mails so a failed login costs the same time whether or not the account exists.
 * Made once outside the queue, so a full queue at start cannot leave a refusal in its place.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash("not-a-real-password-0", OPTIONS);
  return dummyHash;
}
