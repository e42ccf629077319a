import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, opendir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { newId } from "../db/ids.js";
import { AppError } from "../http/errors.js";
import { FILE_TOO_LARGE, meter, validPrefix } from "./meter.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "./private-files.js";
import type { Storage, StoredEntry } from "./storage.js";

/** Files under DATA_DIR/uploads, written to a temporary name and renamed into place when complete. */
export function createLocalStorage(root: string, options: { tooLargeMessage?: string } = {}): Storage {
  const tmpDir = path.join(root, ".tmp");
  const pathOf = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(`${path.resolve(root)}${path.sep}`)) throw new AppError(400, "Invalid storage key");
    return resolved;
  };

  async function write(source: NodeJS.ReadableStream, key: string, transform?: Transform) {
    const tmp = path.join(tmpDir, `${newId()}.part`);
    await mkdir(tmpDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    await mkdir(path.dirname(pathOf(key)), { recursive: true, mode: PRIVATE_DIR_MODE });
    const file = createWriteStream(tmp, { flags: "wx", mode: PRIVATE_FILE_MODE });
    try {
      if (transform) await pipeline(source, transform, file);
      else await pipeline(source, file);
      await rename(tmp, pathOf(key));
    } catch (error) {
      // A stream cut off before its file was opened still opens (and creates) it: remove it after.
      if (!file.closed) await new Promise<void>((resolve) => file.once("close", () => resolve()));
      await rm(tmp, { force: true });
      throw error;
    }
  }

  /** Files below `dir`, one directory handle at a time, so 100k files never sit in one array. */
  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<StoredEntry> {
    let handle: Awaited<ReturnType<typeof opendir>>;
    try {
      handle = await opendir(dir);
    } catch {
      return;
    }
    for await (const entry of handle) {
      const key = `${keyPrefix}${entry.name}`;
      if (key === ".tmp") continue;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
      else if (entry.isFile()) {
        // Gone between the listing and the stat (deleted meanwhile): nothing to report.
        const info = await stat(path.join(dir, entry.name)).catch(() => null);
        if (info) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }

  return {
    async put(source, { prefix, maxBytes }) {
      const key = `${validPrefix(prefix)}/${newId()}`;
      const counter = meter(maxBytes, options.tooLargeMessage ?? FILE_TOO_LARGE);
      try {
        await write(source, key, counter.transform);
      } catch (error) {
        // Drain what is left of the request so the client gets our answer instead of a reset.
        source.resume();
        throw error;
      }
      return { key, ...counter.result() };
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : undefined);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async *list() {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch {
        return;
      }
      for (const entry of entries.sort()) {
        const key = entry.split(path.sep).join("/");
        if (key === ".tmp" || key.startsWith(".tmp/")) continue;
        if ((await stat(path.join(root, entry))).isFile()) yield key;
      }
    },
    entries() {
      return walk(root, "");
    },
    async putAt(key, source) {
      await write(source, key);
    },
  };
}
