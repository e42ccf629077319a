import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { limitMessages, RATIO_FREE_BYTES, type RestoreLimits } from "./limits.js";
import { DB_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, SIGNATURE_ENTRY } from "./manifest.js";

/** An archive a restore will not load; the message is one line for the operator. */
export class ArchiveRefused extends Error {}

const MAX_KEY_LENGTH = 1024;
/** An untrusted name in a message: quoted, escaped (one line), cut short. */
const shown = (name: string) => JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);

/**
 * The archive's entries in order, each checked from its header before its body is read: a plain
 * file (no links, folders or devices) at a name a backup writes and a storage key that stays inside
 * the uploads folder, no larger than the limit, no more entries than the limit; and the archive as
 * a whole expands no more than the limits allow.
 */
export async function* entriesOf(source: Readable, limits: RestoreLimits) {
  const extract = tar.extract();
  const gunzip = createGunzip();
  const fail = (error: Error) => extract.destroy(error);
  let compressed = 0;
  let expanded = 0;
  source.on("error", fail);
  gunzip.on("error", fail);
  source.on("data", (chunk: Buffer) => {
    compressed += chunk.length;
  });
  gunzip.on("data", (chunk: Buffer) => {
    expanded += chunk.length;
    if (expanded > limits.maxTotalBytes) fail(new ArchiveRefused(limitMessages.total(limits)));
    else if (expanded > RATIO_FREE_BYTES && expanded > compressed * limits.maxRatio) {
      fail(new ArchiveRefused(limitMessages.ratio(limits)));
    }
  });
  source.pipe(gunzip).pipe(extract);
  let count = 0;
  try {
    for await (const entry of extract) {
      if (++count > limits.maxEntries) throw new ArchiveRefused(limitMessages.entries(limits));
      checkHeader(entry.header, limits);
      yield entry;
    }
  } finally {
    source.destroy();
  }
}

function checkHeader(header: tar.Header, limits: RestoreLimits) {
  const { name, type } = header;
  if (type !== "file") throw new ArchiveRefused(`entry ${shown(name)} is a ${type}; a backup holds only files`);
  if (!isBackupName(name)) throw new ArchiveRefused(`entry ${shown(name)} is not a path a backup writes`);
  if (header.size > limits.maxEntryBytes) throw new ArchiveRefused(limitMessages.entrySize(shown(name), limits));
}

function isBackupName(name: string): boolean {
  if (name === MANIFEST_ENTRY || name === SIGNATURE_ENTRY || DB_ENTRY.test(name)) return true;
  return name.startsWith(FILES_PREFIX) && isSafeKey(name.slice(FILES_PREFIX.length));
}

/** A relative key of plain segments, outside the storage's own temporary folder. */
function isSafeKey(key: string): boolean {
  if (!key || key.length > MAX_KEY_LENGTH || /[\0\\]/.test(key)) return false;
  const segments = key.split("/");
  if (segments[0] === ".tmp") return false;
  return segments.every((segment) => segment !== "" && segment !== "." && segment !== "..");
}
