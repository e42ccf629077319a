import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { openRedis } from "../redis/connection.js";
import type { ReadCaches } from "./read-caches.js";

const CHANNEL = "lms:read-caches:clear";

/**
 * Tells every api process sharing one Redis that this one cleared its read caches, so a write on
 * any process (a suspension, an unpublished course) takes effect everywhere at once instead of
 * after the caches' TTL. A process that lost Redis for a while clears its own caches when it is
 * back, since it may have missed clears meanwhile.
 */
export async function connectCacheBus(caches: ReadCaches, redisUrl: string, log: FastifyBaseLogger) {
  const origin = randomUUID();
  const publisher = openRedis(redisUrl, log, "lms-cache-publisher");
  const subscriber = openRedis(redisUrl, log, "lms-cache-subscriber", { queueWhileOffline: true });
  subscriber.on("message", (_channel: string, from: string) => {
    if (from !== origin) caches.clearLocal();
  });
  subscriber.on("ready", () => caches.clearLocal());
  await subscriber.subscribe(CHANNEL).catch((error) => log.warn({ err: error }, "cache bus not subscribed yet"));
  caches.onClear(async () => {
    await publisher.publish(CHANNEL, origin).catch(() => undefined);
  });
  return {
    close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
