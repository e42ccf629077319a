import { createIdClock, isAfter, parseEventId } from "./event-ids.js";
import { CATCH_UP_MAX, type CatchUp, type LiveLog, type StoredEvent } from "./event-log.js";

interface UserBuffer {
  events: (StoredEvent & { at: number })[];
  /** The newest id dropped for the buffer's size: a client behind it has missed something. */
  droppedUpTo: string | null;
}

/**
 * Without Redis: a bounded buffer of events per user in this process's memory, pruned by age, and
 * delivery to this process's streams only. Events from before this process started are unknown.
 */
export function createMemoryLog(options: { retentionMs: number; maxPerUser?: number; now?: () => number }): LiveLog {
  const now = options.now ?? Date.now;
  const maxPerUser = options.maxPerUser ?? CATCH_UP_MAX;
  const startedAt = now();
  const nextId = createIdClock(now);
  const buffers = new Map<string, UserBuffer>();
  const listeners: ((userId: string, stored: StoredEvent) => void)[] = [];

  const prune = (buffer: UserBuffer) => {
    const oldest = now() - options.retentionMs;
    while (buffer.events.length > 0 && (buffer.events[0].at < oldest || buffer.events.length > maxPerUser)) {
      const dropped = buffer.events.shift();
      if (dropped && dropped.at >= oldest) buffer.droppedUpTo = dropped.id;
    }
  };
  // Users who went quiet leave no buffer behind.
  const sweeper = setInterval(() => {
    for (const [userId, buffer] of buffers) {
      prune(buffer);
      if (buffer.events.length === 0) buffers.delete(userId);
    }
  }, options.retentionMs);
  sweeper.unref();

  return {
    async publish(userIds, event) {
      const id = nextId();
      const at = now();
      for (const userId of new Set(userIds)) {
        const buffer = buffers.get(userId) ?? { events: [], droppedUpTo: null };
        buffers.set(userId, buffer);
        buffer.events.push({ id, event, at });
        prune(buffer);
        for (const listener of listeners) listener(userId, { id, event });
      }
    },
    async since(userId, lastId): Promise<CatchUp> {
      const last = parseEventId(lastId);
      if (!last || last.ms < startedAt || last.ms < now() - options.retentionMs) return { gone: true };
      const buffer = buffers.get(userId);
      if (!buffer) return { events: [] };
      prune(buffer);
      if (buffer.droppedUpTo && isAfter(buffer.droppedUpTo, lastId)) return { gone: true };
      return { events: buffer.events.filter((e) => isAfter(e.id, lastId)).map(({ id, event }) => ({ id, event })) };
    },
    // Buffers are cheap here: every recipient's events are kept, online or not.
    markPresent: () => undefined,
    onDelivery: (listener) => void listeners.push(listener),
    onMissed: () => undefined,
    async close() {
      clearInterval(sweeper);
    },
  };
}
