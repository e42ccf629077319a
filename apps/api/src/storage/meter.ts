import { Transform } from "node:stream";
import { AppError } from "../http/errors.js";

const HEAD_BYTES = 4100;
export const FILE_TOO_LARGE = "File is too large";

/** Counts bytes on the way through, keeps the first few for type detection, and stops past the limit. */
export function meter(maxBytes: number, tooLargeMessage: string) {
  const chunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let tooLarge: AppError | undefined;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = new AppError(413, tooLargeMessage);
        return callback(tooLarge);
      }
      if (headLength < HEAD_BYTES) {
        chunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      callback(null, chunk);
    },
  });
  return {
    transform,
    result: () => ({ size, head: Buffer.concat(chunks) }),
    /** The 413 when the limit stopped the stream (a consumer may report its own error instead). */
    failure: () => tooLarge,
  };
}

/** Keys are `<prefix>/<generated id>`; the prefix is the code's own, never a user's. */
export function validPrefix(prefix: string): string {
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`invalid storage prefix ${prefix}`);
  return prefix;
}
