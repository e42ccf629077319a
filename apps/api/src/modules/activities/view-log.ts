import type { FastifyBaseLogger } from "fastify";
import type { NewActivity } from "./repo.js";
import type { ViewWriter } from "./view-writer.js";

const FLUSH_EVERY_MS = 1000;
/** Past this many waiting entries a flush starts at once, so a burst never holds unbounded memory. */
const MAX_WAITING = 5000;

export interface ViewLog {
  /** Queues a view entry; it is written with the next flush, at the time given here. */
  add(entry: Omit<NewActivity, "createdAt">): void;
  /** Writes every waiting entry, in multi-row inserts of up to 100 rows. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is waiting (on shutdown). */
  close(): Promise<void>;
}

/**
 * View entries (a course's detail opened) are hot-path writes: one insert per read cut the detail's
 * throughput by more than half. They wait in memory and go to the database once a second in a few
 * multi-row statements, with the names and titles as they are then, so a crash loses at most the last
 * second of view entries (never another kind of entry, which are written with their action). The writer
 * puts them in (view-writer.ts: on SQLite, from a thread of its own).
 */
export function createViewLog({
  writer,
  now,
  log,
  flushEveryMs = FLUSH_EVERY_MS,
}: {
  writer: ViewWriter;
  now: () => Date;
  log: FastifyBaseLogger;
  flushEveryMs?: number;
}): ViewLog {
  let waiting: NewActivity[] = [];
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (waiting.length === 0) return writing;
    const batch = waiting;
    waiting = [];
    writing = writing
      .then(() => writer.write(batch))
      .catch((error) => log.error({ err: error, entries: batch.length }, "view entries not written"));
    return writing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    add(entry) {
      waiting.push({ ...entry, createdAt: now().toISOString() });
      if (waiting.length >= MAX_WAITING) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      await writer.close();
    },
  };
}
