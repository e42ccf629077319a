import { setImmediate, setTimeout } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";
import { openDb } from "../../db/connection.js";
import { isWishing, type WriteWish } from "../../db/write-wish.js";
import { writeViewBatch } from "./view-batch.js";
import type { ViewThreadReply, ViewThreadRequest } from "./view-writer.js";

/**
 * A thread of its own writes view entries to the SQLite file (see view-writer.ts), over a connection of its
 * own. Its inserts hold the write lock, so they are short (about 1.5 ms each on a large activity table), and
 * each waits until the api's connection does not want the lock: a write of the api waits for one at most.
 */
const ROWS_PER_INSERT = 25;

const port = parentPort;
if (!port) throw new Error("view-thread.ts runs as a worker thread");
const { file, writeWish } = workerData as { file: string; writeWish: WriteWish };
const database = openDb(`file:${file}`);

async function afterTheApisWrites() {
  await setImmediate();
  while (isWishing(writeWish)) await setTimeout(1);
}

port.on("message", async (request: ViewThreadRequest) => {
  if (request.kind === "close") {
    await database.close();
    port.close();
    return;
  }
  const reply: ViewThreadReply = { id: request.id };
  try {
    await writeViewBatch(database.db, request.batch, {
      rowsPerInsert: ROWS_PER_INSERT,
      beforeInsert: afterTheApisWrites,
    });
  } catch (error) {
    reply.error = error instanceof Error ? error.message : String(error);
  }
  port.postMessage(reply);
});
