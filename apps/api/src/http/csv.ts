import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";

/**
 * Records as a CSV stream, read only as fast as the client takes them. Cells a spreadsheet would run
 * as a formula (starting with = + - @, tab or carriage return) get a leading '.
 */
export function csvStream(records: AsyncIterable<unknown[]> | Iterable<unknown[]>): Readable {
  const csv = stringify({ escape_formulas: true });
  // A failure half-way destroys the stream, which ends the response early (the client sees a broken download).
  pipeline(Readable.from(records), csv, () => {});
  return csv;
}

/** Sends a CSV download named `fileName` (letters, digits, dot, dash and underscore only). */
export function sendCsv(reply: FastifyReply, csv: Readable, fileName: string) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`)
    .header("cache-control", "private, no-store")
    .send(csv);
}
