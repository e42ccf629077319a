import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** Sends a CSV stream as a download named `fileName` (letters, digits, dot, dash and underscore only). */
export function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(csv);
}
