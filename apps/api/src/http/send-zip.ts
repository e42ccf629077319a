import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** A zip made for the caller (an export), as a download nobody caches. */
export function sendZip(reply: FastifyReply, zip: Readable, fileName: string) {
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .send(zip);
}
