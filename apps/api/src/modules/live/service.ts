import type { FastifyBaseLogger } from "fastify";
import type { LiveConfig } from "../../config.js";
import { openRedis } from "../../redis/connection.js";
import type { LiveLog } from "./event-log.js";
import { createMemoryLog } from "./memory-log.js";
import { createRedisLog } from "./redis-log.js";
import { createLiveStreams } from "./streams.js";
import { createLiveTickets } from "./tickets.js";

/**
 * The live layer of one api process: its open streams, the event log they catch up from, and the
 * stream tickets. With Redis the log and the tickets are shared by every process; without it, this
 * process alone.
 */
export async function createLiveService(deps: {
  config: LiveConfig;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}) {
  const { config, redisUrl, log } = deps;
  const redis = redisUrl ? openRedis(redisUrl, log, "lms-live") : undefined;
  const events: LiveLog =
    redisUrl && redis
      ? await createRedisLog({ redisUrl, writer: redis, log, retentionMs: config.retentionMs })
      : createMemoryLog({ retentionMs: config.retentionMs });
  const streams = createLiveStreams({
    heartbeatMs: config.heartbeatMs,
    maxPerUser: config.maxConnectionsPerUser,
    maxAgeMs: config.streamMaxAgeMs,
    onPresent: (userIds) => events.markPresent(userIds),
  });
  const tickets = createLiveTickets({ ttlMs: config.ticketMs, redis });
  events.onDelivery((userId, stored) => streams.deliver(userId, stored));
  events.onMissed(() => streams.refetchAll());

  return {
    events,
    streams,
    tickets,
    publish: events.publish,
    /** Ends every open stream (their clients reconnect, to another process), then the log. */
    async close() {
      streams.closeAll();
      await events.close();
      redis?.disconnect();
    },
  };
}
export type LiveService = Awaited<ReturnType<typeof createLiveService>>;
