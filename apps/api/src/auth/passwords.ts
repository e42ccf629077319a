import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Hashes at once per process. Each takes a core for ~10 ms on libuv's four threads: a burst of
 * sign-ins on a two-core machine left the event loop a fraction of a core, and every other request
 * waited (the load bench's p99s). Waiting sign-ins queue here instead, and a core stays for the rest.
 */
export const HASHES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));

let running = 0;
const waiting: (() => void)[] = [];

export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const hashPassword = (password: string): Promise<string> => withHashSlot(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Used for unknown e-mails so a failed login costs the same time whether or not the account exists. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-0");
  return dummyHash;
}
