import { type LiveEvent, liveEventSchema } from "@lms/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { openRedis } from "../../redis/connection.js";
import { parseEventId } from "./event-ids.js";
import { CATCH_UP_MAX, type CatchUp, type LiveLog, type StoredEvent } from "./event-log.js";

/** Beside the cache bus's channel; pub/sub holds its own subscriber connection. */
const CHANNEL = "lms:live:events";
const streamKey = (userId: string) => `lms:live:user:${userId}`;
/** Users with a stream open, or closed within the retention window, scored by when they were last seen. */
const PRESENT_KEY = "lms:live:present";
/** How often entries older than the window are removed from PRESENT_KEY. */
const PRESENT_TRIM_MS = 60_000;

interface Broadcast {
  event: LiveEvent;
  /** Each recipient with the id its stream gave the event. */
  to: [string, string][];
}

function readBroadcast(message: string): Broadcast | null {
  try {
    const parsed = JSON.parse(message) as { event?: unknown; to?: unknown };
    const event = liveEventSchema.safeParse(parsed.event);
    if (!event.success || !Array.isArray(parsed.to)) return null;
    return { event: event.data, to: parsed.to as [string, string][] };
  } catch {
    return null;
  }
}

function readStored(id: string, fields: string[]): StoredEvent | null {
  try {
    const event = liveEventSchema.safeParse(JSON.parse(fields[1] ?? ""));
    return event.success ? { id, event: event.data } : null;
  } catch {
    return null;
  }
}

/**
 * With Redis: a stream per user (`lms:live:user:<id>`, trimmed to the retention window, expiring
 * when idle) keeps what a reconnecting client missed, for users present within the window; one pub/sub message per event tells every api
 * process which users' streams got it under which id. A subscriber that lost Redis for a while may
 * have missed messages, so when it is back every open stream is told to refetch.
 */
export async function createRedisLog(options: {
  redisUrl: string;
  /** The connection commands go through (the subscriber is its own). */
  writer: Redis;
  log: FastifyBaseLogger;
  retentionMs: number;
}): Promise<LiveLog> {
  const { redisUrl, writer, log, retentionMs } = options;
  const subscriber = openRedis(redisUrl, log, "lms-live-subscriber", { queueWhileOffline: true });
  const deliveryListeners: ((userId: string, stored: StoredEvent) => void)[] = [];
  const missedListeners: (() => void)[] = [];
  let readyBefore = false;
  let trimmedAt = 0;

  /** The recipients seen within the window: a course's thousands of learners who are away get no entry. */
  async function present(userIds: string[]): Promise<string[]> {
    const since = Date.now() - retentionMs;
    if (Date.now() - trimmedAt > PRESENT_TRIM_MS) {
      trimmedAt = Date.now();
      await writer.zremrangebyscore(PRESENT_KEY, "-inf", since);
    }
    const scores = await writer.zmscore(PRESENT_KEY, ...userIds);
    return userIds.filter((_, index) => Number(scores[index] ?? 0) >= since);
  }

  subscriber.on("message", (_channel: string, message: string) => {
    const broadcast = readBroadcast(message);
    if (!broadcast) return;
    for (const [userId, id] of broadcast.to) {
      for (const listener of deliveryListeners) listener(userId, { id, event: broadcast.event });
    }
  });
  subscriber.on("ready", () => {
    if (readyBefore) for (const listener of missedListeners) listener();
    readyBefore = true;
  });
  await subscriber.subscribe(CHANNEL).catch((error) => log.warn({ err: error }, "live events not subscribed yet"));

  return {
    async publish(userIds, event) {
      const unique = [...new Set(userIds)];
      const recipients = unique.length > 0 ? await present(unique) : [];
      if (recipients.length === 0) return;
      const data = JSON.stringify(event);
      const oldest = String(Date.now() - retentionMs);
      const pipeline = writer.pipeline();
      for (const userId of recipients) {
        pipeline.xadd(streamKey(userId), "MINID", "~", oldest, "*", "e", data);
        pipeline.pexpire(streamKey(userId), retentionMs);
      }
      const results = (await pipeline.exec()) ?? [];
      const to: [string, string][] = [];
      recipients.forEach((userId, index) => {
        const [error, id] = results[index * 2] ?? [new Error("no answer")];
        if (error || typeof id !== "string") log.warn({ err: error, userId }, "live event not stored");
        else to.push([userId, id]);
      });
      await writer.publish(CHANNEL, JSON.stringify({ event, to } satisfies Broadcast));
    },
    async since(userId, lastId): Promise<CatchUp> {
      const last = parseEventId(lastId);
      if (!last || last.ms < Date.now() - retentionMs) return { gone: true };
      try {
        const entries = await writer.xrange(streamKey(userId), `(${lastId}`, "+", "COUNT", CATCH_UP_MAX + 1);
        if (entries.length > CATCH_UP_MAX) return { gone: true };
        return { events: entries.flatMap(([id, fields]) => readStored(id, fields) ?? []) };
      } catch (error) {
        log.warn({ err: error }, "live catch-up unavailable");
        return { gone: true };
      }
    },
    markPresent(userIds) {
      if (userIds.length === 0) return;
      const now = Date.now();
      void writer.zadd(PRESENT_KEY, ...userIds.flatMap((id) => [now, id])).catch(() => undefined);
    },
    onDelivery: (listener) => void deliveryListeners.push(listener),
    onMissed: (listener) => void missedListeners.push(listener),
    async close() {
      subscriber.disconnect();
    },
  };
}
