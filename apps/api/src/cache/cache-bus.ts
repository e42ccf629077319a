import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { openRedis } from "../redis/connection.js";
import type { CacheScope, ReadCaches } from "./read-caches.js";

const CHANNEL = "lms:read-caches:clear";

/** A message from another process: what it cleared. Anything unreadable clears everything. */
function scopeOf(message: string): { from: string; scope: CacheScope } {
  try {
    const parsed = JSON.parse(message) as { from?: unknown; scope?: unknown };
    const scope = parsed.scope;
    const tags = Array.isArray(scope) && scope.every((tag) => typeof tag === "string") ? scope : "everything";
    return { from: String(parsed.from), scope: tags };
  } catch {
    return { from: message, scope: "everything" };
  }
}

/**
 * Tells every api process sharing one Redis what this one cleared of its read caches (the same
 * tags), so a write on any process (a suspension, an unpublished course) takes effect everywhere at
 * once instead of after the caches' TTL. A process that lost Redis for a while clears everything
 * when it is back, since it may have missed clears meanwhile.
 */
export async function connectCacheBus(caches: ReadCaches, redisUrl: string, log: FastifyBaseLogger) {
  const origin = randomUUID();
  const publisher = openRedis(redisUrl, log, "lms-cache-publisher");
  const subscriber = openRedis(redisUrl, log, "lms-cache-subscriber", { queueWhileOffline: true });
  subscriber.on("message", (_channel: string, message: string) => {
    const { from, scope } = scopeOf(message);
    if (from !== origin) caches.invalidateLocal(scope);
  });
  subscriber.on("ready", () => caches.invalidateLocal("everything"));
  await subscriber.subscribe(CHANNEL).catch((error) => log.warn({ err: error }, "cache bus not subscribed yet"));
  caches.onInvalidate(async (scope) => {
    await publisher.publish(CHANNEL, JSON.stringify({ from: origin, scope })).catch(() => undefined);
  });
  return {
    close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
