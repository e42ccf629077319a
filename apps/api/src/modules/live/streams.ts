import type { ServerResponse } from "node:http";
import type { LiveEvent } from "@lms/contract";
import { isAfter } from "./event-ids.js";
import type { CatchUp, StoredEvent } from "./event-log.js";

/** What a client that reconnects waits before trying again (SSE `retry`). */
const RETRY_MS = 3000;

export interface LiveStream {
  /** Sends what was missed, then what arrived meanwhile, and from then on delivers at once. */
  catchUp(missed: CatchUp): void;
}

const frame = (id: string, event: LiveEvent) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * This process's open live streams by user: delivery, one keep-alive timer for all of them, a cap
 * per user, and closing them all when the server shuts down (so `app.close()` does not wait for them).
 */
export function createLiveStreams(options: {
  heartbeatMs: number;
  maxPerUser: number;
  /** A stream is ended this long after it opened: its client must buy a new ticket, with a valid session. */
  maxAgeMs: number;
  /** Who holds a stream: at its opening and closing, and all of them at every keep-alive. */
  onPresent?: (userIds: string[]) => void;
  now?: () => number;
}) {
  const present = options.onPresent ?? (() => undefined);
  const now = options.now ?? Date.now;
  const byUser = new Map<string, Set<Connection>>();

  class Connection implements LiveStream {
    /** Deliveries that arrive while the missed events are read; null once caught up. */
    private waiting: StoredEvent[] | null = [];
    readonly openedAt = now();

    constructor(
      readonly userId: string,
      readonly response: ServerResponse,
      private readonly lastId: string | null,
    ) {}

    /** Writes unless the client has gone (a write after the end would be an error). */
    send(text: string) {
      if (!this.response.writableEnded && !this.response.destroyed) this.response.write(text);
    }

    deliver(stored: StoredEvent) {
      if (this.waiting) this.waiting.push(stored);
      else this.send(frame(stored.id, stored.event));
    }

    catchUp(missed: CatchUp) {
      const sent = new Set<string>();
      if ("gone" in missed) {
        // A fresh id: the next reconnection catches up from here, after the refetch.
        this.send(frame(`${now()}-0`, { type: "refetch" }));
      } else {
        for (const stored of missed.events) {
          this.send(frame(stored.id, stored.event));
          sent.add(stored.id);
        }
      }
      const waiting = this.waiting ?? [];
      this.waiting = null;
      const seen = (stored: StoredEvent) =>
        sent.has(stored.id) || (this.lastId !== null && !isAfter(stored.id, this.lastId));
      for (const stored of waiting) if (!seen(stored)) this.deliver(stored);
    }

    refetch() {
      this.deliver({ id: `${now()}-0`, event: { type: "refetch" } });
    }
  }

  const heartbeat = setInterval(() => {
    const oldest = now() - options.maxAgeMs;
    for (const connections of byUser.values()) {
      for (const c of connections) {
        if (c.openedAt <= oldest) c.response.end();
        else c.send(": keep-alive\n\n");
      }
    }
    present([...byUser.keys()]);
  }, options.heartbeatMs);
  heartbeat.unref();

  const remove = (connection: Connection) => {
    present([connection.userId]);
    const connections = byUser.get(connection.userId);
    connections?.delete(connection);
    if (connections?.size === 0) byUser.delete(connection.userId);
  };

  return {
    /** Whether the user already holds the most streams allowed on this process. */
    isFull: (userId: string) => (byUser.get(userId)?.size ?? 0) >= options.maxPerUser,
    /** Starts the event stream on the response. */
    open(userId: string, response: ServerResponse, lastId: string | null): LiveStream {
      const connections = byUser.get(userId) ?? new Set<Connection>();
      const connection = new Connection(userId, response, lastId);
      connections.add(connection);
      byUser.set(userId, connections);
      present([userId]);
      response.on("close", () => remove(connection));
      response.on("error", () => remove(connection));
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-store, no-transform",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
        connection: "keep-alive",
      });
      response.write(`retry: ${RETRY_MS}\n\n`);
      return connection;
    },
    deliver(userId: string, stored: StoredEvent) {
      for (const connection of byUser.get(userId) ?? []) connection.deliver(stored);
    },
    refetchAll() {
      for (const connections of byUser.values()) for (const connection of connections) connection.refetch();
    },
    closeAll() {
      clearInterval(heartbeat);
      for (const connections of byUser.values()) for (const connection of connections) connection.response.end();
      byUser.clear();
    },
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;
