import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * A Redis connection that fails fast instead of queueing: a command while Redis is away errors
 * at once (callers degrade, see docs/production.md), and the client keeps reconnecting in the background.
 * A subscriber queues instead, so its subscription is made as soon as Redis answers.
 */
export function openRedis(
  url: string,
  log: FastifyBaseLogger,
  name: string,
  options: { queueWhileOffline?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: options.queueWhileOffline ?? false,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let reported = false;
  redis.on("error", (error) => {
    if (reported) return;
    reported = true;
    log.warn({ err: error, connection: name }, "redis unavailable");
  });
  redis.on("ready", () => {
    if (reported) log.info({ connection: name }, "redis connection back");
    reported = false;
  });
  return redis;
}
