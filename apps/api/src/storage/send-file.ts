import type { FastifyReply, FastifyRequest } from "fastify";
import type { ByteRange, Storage } from "./storage.js";

/** Parses a single `bytes=` range; null when absent, "invalid" when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

const contentDisposition = (kind: "inline" | "attachment", name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** Streams a stored file with HTTP range support (206 for seeking), its type and disposition. */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: { key: string; mime: string; name: string; download: boolean; cacheControl?: string },
) {
  const size = await storage.size(file.key);
  if (size === null) return reply.status(404).send({ success: false, message: "File not found" });
  reply
    .header("accept-ranges", "bytes")
    .header("content-type", file.mime)
    .header("content-disposition", contentDisposition(file.download ? "attachment" : "inline", file.name))
    .header("cache-control", file.cacheControl ?? "private, max-age=3600")
    .header("x-content-type-options", "nosniff");
  const range = parseRange(request.headers.range, size);
  if (range === "invalid") {
    return reply
      .status(416)
      .header("content-range", `bytes */${size}`)
      .removeHeader("content-disposition")
      .type("application/json; charset=utf-8")
      .send({ success: false, message: "Range not satisfiable" });
  }
  if (range) {
    return reply
      .status(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
      .header("content-length", range.end - range.start + 1)
      .send(storage.read(file.key, range));
  }
  return reply.header("content-length", size).send(storage.read(file.key));
}
