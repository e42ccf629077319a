import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connection.js";
import type { WriteWish } from "../../db/write-wish.js";
import type { NewActivity } from "./repo.js";
import { writeViewBatch } from "./view-batch.js";

export type ViewThreadRequest = { kind: "write"; id: number; batch: NewActivity[] } | { kind: "close" };
export interface ViewThreadReply {
  id: number;
  error?: string;
}

/** Where a flush's view entries go to the database. */
export interface ViewWriter {
  write(batch: NewActivity[]): Promise<void>;
  close(): Promise<void>;
}

/** The thread's entry: the build's JavaScript, or the TypeScript source through tsx (tests, `npm run dev`). */
function threadEntry(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  return {
    url: new URL(fromSource ? "./view-thread.ts" : "./view-thread.js", import.meta.url),
    execArgv: fromSource ? ["--import", "tsx"] : [],
  };
}

/**
 * SQLite runs a statement on the thread that asks: on the api's, a busy second's view entries held every
 * request behind them (seven indexes and the daily counts' trigger, about 50 µs a row on a large activity
 * table, and now and then a checkpoint of the write-ahead log). So they are written by a thread of its own
 * over its own connection, started with the first batch. Should that thread stop, the batches it held are
 * written here instead, and the next batch starts another.
 */
function threadedWriter(database: Db & { file: string; writeWish: WriteWish }, log: FastifyBaseLogger): ViewWriter {
  let thread: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { batch: NewActivity[]; resolve: () => void; reject: (error: Error) => void }>();

  const settle = (id: number, error?: string) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) thread?.unref();
    if (error) waiting?.reject(new Error(error));
    else waiting?.resolve();
  };
  const stopped = (reason: unknown) => {
    thread = undefined;
    const held = [...pending.values()];
    pending.clear();
    if (held.length) log.error({ err: reason, batches: held.length }, "the view entries' thread stopped");
    for (const { batch, resolve, reject } of held) writeViewBatch(database.db, batch).then(resolve, reject);
  };
  const start = () => {
    const { url, execArgv } = threadEntry();
    const started = new Worker(url, { workerData: { file: database.file, writeWish: database.writeWish }, execArgv });
    started.on("message", (reply: ViewThreadReply) => settle(reply.id, reply.error));
    started.on("error", stopped);
    started.on("exit", (code) => thread === started && stopped(new Error(`exit code ${code}`)));
    return started;
  };

  return {
    write(batch) {
      thread ??= start();
      // Held batches keep the process alive (a shutdown waits for them); an idle thread does not.
      thread.ref();
      const id = nextId++;
      const written = new Promise<void>((resolve, reject) => pending.set(id, { batch, resolve, reject }));
      thread.postMessage({ kind: "write", id, batch } satisfies ViewThreadRequest);
      return written;
    },
    async close() {
      const closing = thread;
      thread = undefined;
      if (!closing) return;
      const exited = once(closing, "exit");
      closing.postMessage({ kind: "close" } satisfies ViewThreadRequest);
      await exited;
    },
  };
}

/** A thread of its own for a SQLite file; PostgreSQL's inserts (and an in-memory SQLite's) need none. */
export function createViewWriter(database: Db, log: FastifyBaseLogger): ViewWriter {
  const { file, writeWish } = database;
  if (file && writeWish) return threadedWriter({ ...database, file, writeWish }, log);
  return { write: (batch) => writeViewBatch(database.db, batch), close: async () => undefined };
}
