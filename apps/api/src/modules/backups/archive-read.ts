import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { FILES_PREFIX, MANIFEST_ENTRY, type Manifest, manifestSchema } from "./manifest.js";
import type { Row } from "./snapshot.js";

/** An archive a restore will not load; the message is one line for the operator. */
export class ArchiveRefused extends Error {}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const DB_ENTRY = /^db\/([a-z0-9_]+)\/\d{6}\.ndjson$/;

/** The archive's entries in order. */
async function* entriesOf(source: Readable) {
  const extract = tar.extract();
  const gunzip = createGunzip();
  const fail = (error: Error) => extract.destroy(error);
  source.on("error", fail);
  gunzip.on("error", fail);
  source.pipe(gunzip).pipe(extract);
  try {
    for await (const entry of extract) yield entry;
  } finally {
    source.destroy();
  }
}

/**
 * Reads the whole archive once: checks that its manifest is ours and that every entry it names is
 * there with the same size and SHA-256, that nothing else is, and that each table has the rows the
 * manifest counts. Returns the manifest; throws `ArchiveRefused` otherwise. Loads nothing.
 */
export async function verifyArchive(source: Readable): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const lines = new Map<string, number>();
  let manifestText: string | null;
  try {
    manifestText = await readEntries(source, seen, lines);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    const reason = (error as Error).message;
    // Unreadable from the first byte: not ours (not gzip, not tar); unreadable later: cut short or damaged.
    throw new ArchiveRefused(seen.size ? `damaged archive (${reason})` : `not an LMS backup archive (${reason})`);
  }
  return checkManifest(manifestText, seen, lines);
}

/** Hashes and sizes every entry, counts each table's rows; returns the manifest's text. */
async function readEntries(
  source: Readable,
  seen: Map<string, { size: number; sha256: string }>,
  lines: Map<string, number>,
): Promise<string | null> {
  let manifestText: string | null = null;
  for await (const entry of entriesOf(source)) {
    const name = entry.header.name;
    const hash = createHash("sha256");
    const manifestChunks: Buffer[] = [];
    const table = DB_ENTRY.exec(name)?.[1];
    let size = 0;
    let newlines = 0;
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      if (table) for (const byte of chunk) if (byte === 10) newlines++;
      if (name === MANIFEST_ENTRY) {
        if (size > MAX_MANIFEST_BYTES) throw new ArchiveRefused("not an LMS backup archive (manifest too large)");
        manifestChunks.push(chunk);
      }
    }
    if (seen.has(name)) throw new ArchiveRefused(`damaged archive: entry ${name} appears twice`);
    seen.set(name, { size, sha256: hash.digest("hex") });
    if (table) lines.set(table, (lines.get(table) ?? 0) + newlines);
    if (name === MANIFEST_ENTRY) manifestText = Buffer.concat(manifestChunks).toString("utf8");
  }
  return manifestText;
}

function checkManifest(
  manifestText: string | null,
  seen: Map<string, { size: number; sha256: string }>,
  lines: Map<string, number>,
): Manifest {
  if (manifestText === null) throw new ArchiveRefused(`not an LMS backup archive (no ${MANIFEST_ENTRY})`);
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(manifestText));
  } catch {
    throw new ArchiveRefused(`not an LMS backup archive (${MANIFEST_ENTRY} is not JSON)`);
  }
  if (!parsed.success) throw new ArchiveRefused(`not an LMS backup archive (${MANIFEST_ENTRY} is not ours)`);
  const manifest = parsed.data;
  const named = new Set(manifest.entries.map((e) => e.path));
  for (const expected of manifest.entries) {
    const actual = seen.get(expected.path);
    if (!actual) throw new ArchiveRefused(`damaged archive: ${expected.path} is missing`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new ArchiveRefused(`damaged archive: checksum mismatch in ${expected.path}`);
    }
  }
  for (const name of seen.keys()) {
    if (name !== MANIFEST_ENTRY && !named.has(name)) throw new ArchiveRefused(`damaged archive: unexpected ${name}`);
  }
  for (const table of manifest.tables) {
    if ((lines.get(table.name) ?? 0) !== table.rows) {
      throw new ArchiveRefused(`damaged archive: table ${table.name} does not hold ${table.rows} rows`);
    }
  }
  return manifest;
}

export interface ArchiveVisitor {
  rows(table: string, rows: Row[]): Promise<void>;
  file(key: string, content: Readable): Promise<void>;
}

/** Reads a verified archive in order: each table page's rows, then each file's content. */
export async function readArchive(source: Readable, visit: ArchiveVisitor): Promise<void> {
  for await (const entry of entriesOf(source)) {
    const name = entry.header.name;
    const table = DB_ENTRY.exec(name)?.[1];
    if (table) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("utf8");
      await visit.rows(
        table,
        text
          .split("\n")
          .filter((line) => line.length > 0)
          .map((line) => JSON.parse(line) as Row),
      );
    } else if (name.startsWith(FILES_PREFIX)) {
      await visit.file(name.slice(FILES_PREFIX.length), Readable.from(entry as AsyncIterable<Buffer>));
    } else {
      entry.resume();
    }
  }
}
