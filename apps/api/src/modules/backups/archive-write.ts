import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Readable } from "node:stream";
import type tar from "tar-stream";
import type { Db } from "../../db/connection.js";
import type { Storage } from "../../storage/storage.js";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_PRODUCT,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  type Manifest,
  SIGNATURE_ENTRY,
  signManifest,
  tableEntryPath,
} from "./manifest.js";
import { withSnapshot } from "./snapshot.js";

/** Rows per NDJSON entry: a page is held in memory while it is written. */
const PAGE_ROWS = 2000;

export interface ArchiveSummary {
  tables: number;
  rows: number;
  files: number;
}

interface Progress {
  /** Called between entries (a long backup keeps its lock alive). */
  tick(): Promise<void>;
}

/**
 * Fills `pack` with one NDJSON entry per page of each table (one consistent snapshot), then every
 * stored file, then the manifest with each entry's size and SHA-256 and the manifest's HMAC under
 * the server's backup key, and finalizes it.
 */
export async function fillArchive(
  pack: tar.Pack,
  deps: { database: Db; uploads: Storage; now: Date; progress: Progress; key: string },
): Promise<ArchiveSummary> {
  const entries: Manifest["entries"] = [];
  const add = (path: string, body: Buffer) =>
    new Promise<void>((resolve, reject) => {
      entries.push({ path, size: body.length, sha256: createHash("sha256").update(body).digest("hex") });
      pack.entry({ name: path, size: body.length, mtime: deps.now }, body, (error) =>
        error ? reject(error) : resolve(),
      );
    });

  const { tables, migration } = await withSnapshot(deps.database, async (snapshot) => {
    const counted: Manifest["tables"] = [];
    for (const table of snapshot.tables) {
      let rows = 0;
      let page = 0;
      for await (const chunk of snapshot.pages(table, PAGE_ROWS)) {
        rows += chunk.length;
        await add(
          tableEntryPath(table, ++page),
          Buffer.from(`${chunk.map((row) => JSON.stringify(row)).join("\n")}\n`),
        );
      }
      counted.push({ name: table, rows });
      await deps.progress.tick();
    }
    return { tables: counted, migration: snapshot.migration };
  });

  let files = 0;
  for await (const key of deps.uploads.list()) {
    const size = await deps.uploads.size(key);
    if (size === null) continue;
    await addFile(pack, `${FILES_PREFIX}${key}`, size, deps.uploads.read(key), deps.now, entries);
    files++;
    if (files % 100 === 0) await deps.progress.tick();
  }

  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    product: ARCHIVE_PRODUCT,
    migration,
    createdAt: deps.now.toISOString(),
    sourceDialect: deps.database.dialect,
    tables,
    files,
    entries,
  };
  const body = Buffer.from(JSON.stringify(manifest, null, 1));
  const signature = Buffer.from(signManifest(body, deps.key));
  for (const [name, content] of [
    [MANIFEST_ENTRY, body],
    [SIGNATURE_ENTRY, signature],
  ] as const) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: content.length, mtime: deps.now }, content, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  pack.finalize();
  return { tables: tables.length, rows: tables.reduce((sum, t) => sum + t.rows, 0), files };
}

/** Streams one stored file into the archive, hashing it on the way. */
async function addFile(
  pack: tar.Pack,
  path: string,
  size: number,
  source: Readable,
  mtime: Date,
  entries: Manifest["entries"],
) {
  const hash = createHash("sha256");
  let sink: ReturnType<tar.Pack["entry"]> | undefined;
  const done = new Promise<void>((resolve, reject) => {
    sink = pack.entry({ name: path, size, mtime }, (error) => (error ? reject(error) : resolve()));
  });
  const entry = sink as ReturnType<tar.Pack["entry"]>;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      hash.update(chunk);
      if (!entry.write(chunk)) await once(entry, "drain");
    }
  } catch (error) {
    // The entry's own failure is this error again; the caller hears it once, from here.
    done.catch(() => {});
    entry.on("error", () => {});
    entry.destroy(error as Error);
    throw error;
  }
  entry.end(null);
  await done;
  entries.push({ path, size, sha256: hash.digest("hex") });
}
