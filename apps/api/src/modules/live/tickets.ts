import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

export interface LiveTickets {
  issue(userId: string): Promise<{ ticket: string; expiresAt: string }>;
  /** The ticket's user, once: a used, expired or unknown ticket answers null. */
  redeem(ticket: string): Promise<string | null>;
}

const keyOf = (ticket: string) => `lms:live:ticket:${createHash("sha256").update(ticket).digest("hex")}`;

/**
 * Single-use, short-lived tickets to open the live stream with: an EventSource cannot send the
 * Authorization header, and the ticket in its URL (which ends up in access logs) is worth nothing
 * once used or a few seconds old. Only the ticket's hash is kept: in Redis when configured (any
 * process redeems it), else (or while Redis is away) in this process.
 */
export function createLiveTickets(options: { ttlMs: number; redis?: Redis; now?: () => number }): LiveTickets {
  const now = options.now ?? Date.now;
  const local = new Map<string, { userId: string; expires: number }>();

  const dropExpired = () => {
    for (const [key, entry] of local) if (entry.expires <= now()) local.delete(key);
  };

  return {
    async issue(userId) {
      const ticket = randomBytes(32).toString("base64url");
      const expires = now() + options.ttlMs;
      const shared = await options.redis?.set(keyOf(ticket), userId, "PX", options.ttlMs).catch(() => null);
      if (!shared) {
        dropExpired();
        local.set(keyOf(ticket), { userId, expires });
      }
      return { ticket, expiresAt: new Date(expires).toISOString() };
    },
    async redeem(ticket) {
      const entry = local.get(keyOf(ticket));
      if (entry) {
        local.delete(keyOf(ticket));
        return entry.expires > now() ? entry.userId : null;
      }
      return (await options.redis?.getdel(keyOf(ticket)).catch(() => null)) ?? null;
    },
  };
}
