import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { ArchiveRefused, entriesOf } from "./archive-entries.js";
import { limitMessages, type RestoreLimits } from "./limits.js";
import {
  DB_ENTRY,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  type Manifest,
  manifestSchema,
  manifestSignedBy,
  SIGNATURE_ENTRY,
} from "./manifest.js";
import type { Row } from "./snapshot.js";

export { ArchiveRefused };

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_SIGNATURE_BYTES = 1024;
/** Rows handed to the loader at a time, or fewer when they are long. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

export interface ArchiveCheck {
  /** The server's backup key: the manifest must carry its HMAC. */
  key: string;
  limits: RestoreLimits;
}

interface Seen {
  entries: Map<string, { size: number; sha256: string }>;
  /** Rows per table. */
  lines: Map<string, number>;
  manifest: Buffer | null;
  signature: Buffer | null;
}

/**
 * Reads the whole archive once: checks every entry's header (`entriesOf`), that the manifest is
 * signed with the server's key, that every entry it names is there with the same size and SHA-256,
 * that nothing else is, and that each table has the rows the manifest counts, none longer than the
 * limit. Returns the manifest; throws `ArchiveRefused` otherwise. Loads nothing.
 */
export async function verifyArchive(source: Readable, check: ArchiveCheck): Promise<Manifest> {
  const seen: Seen = { entries: new Map(), lines: new Map(), manifest: null, signature: null };
  try {
    await readEntries(source, seen, check.limits);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    const reason = (error as Error).message;
    // Unreadable from the first byte: not ours (not gzip, not tar); unreadable later: cut short or damaged.
    throw new ArchiveRefused(
      seen.entries.size ? `damaged archive (${reason})` : `not an LMS backup archive (${reason})`,
    );
  }
  return checkManifest(seen, check.key);
}

/** Hashes and sizes every entry, counts each table's rows; keeps the manifest and its signature. */
async function readEntries(source: Readable, seen: Seen, limits: RestoreLimits): Promise<void> {
  for await (const entry of entriesOf(source, limits)) {
    const name = entry.header.name;
    const hash = createHash("sha256");
    const kept: Buffer[] = [];
    const keep = name === MANIFEST_ENTRY ? MAX_MANIFEST_BYTES : name === SIGNATURE_ENTRY ? MAX_SIGNATURE_BYTES : 0;
    const table = DB_ENTRY.exec(name)?.[1];
    const rows = table ? rowCounter(name, limits) : null;
    let size = 0;
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      if (size > limits.maxEntryBytes) throw new ArchiveRefused(limitMessages.entrySize(name, limits));
      rows?.add(chunk);
      if (keep) {
        if (size > keep) throw new ArchiveRefused(`not an LMS backup archive (${name} too large)`);
        kept.push(chunk);
      }
    }
    if (seen.entries.has(name)) throw new ArchiveRefused(`damaged archive: entry ${name} appears twice`);
    seen.entries.set(name, { size, sha256: hash.digest("hex") });
    if (table && rows) seen.lines.set(table, (seen.lines.get(table) ?? 0) + rows.end());
    if (name === MANIFEST_ENTRY) seen.manifest = Buffer.concat(kept);
    if (name === SIGNATURE_ENTRY) seen.signature = Buffer.concat(kept);
  }
}

/** Counts a page's rows as its bytes go by, refusing a row longer than the limit or a page cut mid-row. */
function rowCounter(name: string, limits: RestoreLimits) {
  let rows = 0;
  let current = 0;
  const grow = (bytes: number) => {
    current += bytes;
    if (current > limits.maxRowBytes) throw new ArchiveRefused(limitMessages.row(name, limits));
  };
  return {
    add(chunk: Buffer) {
      let from = 0;
      for (let at = chunk.indexOf(10, from); at !== -1; at = chunk.indexOf(10, from)) {
        grow(at - from);
        rows++;
        current = 0;
        from = at + 1;
      }
      grow(chunk.length - from);
    },
    end() {
      if (current > 0) throw new ArchiveRefused(`damaged archive: ${name} does not end with a new line`);
      return rows;
    },
  };
}

function checkManifest(seen: Seen, key: string): Manifest {
  if (seen.manifest === null) throw new ArchiveRefused(`not an LMS backup archive (no ${MANIFEST_ENTRY})`);
  if (seen.signature === null) {
    throw new ArchiveRefused(`the archive is not signed (no ${SIGNATURE_ENTRY}); it was not made by this product`);
  }
  if (!manifestSignedBy(seen.manifest, seen.signature, key)) {
    throw new ArchiveRefused(
      "the archive's signature does not match this server's backup key (BACKUP_KEY or DATA_DIR/backup-key): " +
        "it was changed after it was made, or made by another installation",
    );
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(seen.manifest.toString("utf8")));
  } catch {
    throw new ArchiveRefused(`not an LMS backup archive (${MANIFEST_ENTRY} is not JSON)`);
  }
  if (!parsed.success) throw new ArchiveRefused(`not an LMS backup archive (${MANIFEST_ENTRY} is not ours)`);
  const manifest = parsed.data;
  const named = new Set(manifest.entries.map((e) => e.path));
  for (const expected of manifest.entries) {
    const actual = seen.entries.get(expected.path);
    if (!actual) throw new ArchiveRefused(`damaged archive: ${expected.path} is missing`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new ArchiveRefused(`damaged archive: checksum mismatch in ${expected.path}`);
    }
  }
  for (const name of seen.entries.keys()) {
    if (name !== MANIFEST_ENTRY && name !== SIGNATURE_ENTRY && !named.has(name)) {
      throw new ArchiveRefused(`damaged archive: unexpected ${name}`);
    }
  }
  const tables = new Set(manifest.tables.map((t) => t.name));
  const stray = [...seen.lines.keys()].find((table) => !tables.has(table));
  if (stray) throw new ArchiveRefused(`damaged archive: rows for ${stray}, a table the manifest does not list`);
  for (const table of manifest.tables) {
    if ((seen.lines.get(table.name) ?? 0) !== table.rows) {
      throw new ArchiveRefused(`damaged archive: table ${table.name} does not hold ${table.rows} rows`);
    }
  }
  return manifest;
}

export interface ArchiveVisitor {
  rows(table: string, rows: Row[]): Promise<void>;
  file(key: string, content: Readable): Promise<void>;
}

/**
 * Reads a verified archive in order: each table page's rows a batch at a time (never a whole page
 * in memory), then each file's content. The entries are checked again as they go by.
 */
export async function readArchive(source: Readable, limits: RestoreLimits, visit: ArchiveVisitor): Promise<void> {
  for await (const entry of entriesOf(source, limits)) {
    const name = entry.header.name;
    const table = DB_ENTRY.exec(name)?.[1];
    if (table) {
      for await (const rows of rowBatches(entry as AsyncIterable<Buffer>, name, limits)) await visit.rows(table, rows);
    } else if (name.startsWith(FILES_PREFIX)) {
      await visit.file(name.slice(FILES_PREFIX.length), Readable.from(entry as AsyncIterable<Buffer>));
    } else {
      entry.resume();
    }
  }
}

/** A page's rows, parsed line by line and handed on in batches of bounded count and size. */
async function* rowBatches(content: AsyncIterable<Buffer>, name: string, limits: RestoreLimits) {
  let partial: Buffer[] = [];
  let partialBytes = 0;
  let batch: Row[] = [];
  let batchBytes = 0;
  for await (const chunk of content) {
    let from = 0;
    for (let at = chunk.indexOf(10, from); at !== -1; at = chunk.indexOf(10, from)) {
      const line = Buffer.concat([...partial, chunk.subarray(from, at)]);
      partial = [];
      partialBytes = 0;
      from = at + 1;
      if (!line.length) continue;
      batch.push(JSON.parse(line.toString("utf8")) as Row);
      batchBytes += line.length;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) {
        yield batch;
        batch = [];
        batchBytes = 0;
      }
    }
    if (from < chunk.length) {
      partialBytes += chunk.length - from;
      if (partialBytes > limits.maxRowBytes) throw new ArchiveRefused(limitMessages.row(name, limits));
      partial.push(chunk.subarray(from));
    }
  }
  if (partialBytes) throw new ArchiveRefused(`damaged archive: ${name} does not end with a new line`);
  if (batch.length) yield batch;
}
