import { RECORDING_DURATION_MAX_SECONDS } from "@lms/contract";
import { parseStream } from "music-metadata";
import type { Storage } from "../../storage/storage.js";

/**
 * A stored video's length in whole seconds, read from its container (MP4's movie header, WebM's
 * segment info); 0 when the file does not say, so an unreadable length never fails an upload.
 */
export async function videoSeconds(storage: Storage, key: string, mime: string): Promise<number> {
  const stream = storage.read(key);
  try {
    const { format } = await parseStream(stream, { mimeType: mime }, { skipCovers: true });
    const seconds = format.duration;
    if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return 0;
    return Math.min(Math.round(seconds), RECORDING_DURATION_MAX_SECONDS);
  } catch {
    return 0;
  } finally {
    stream.destroy();
  }
}
