import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Backup } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import tar from "tar-stream";
import { expect, vi } from "vitest";
import { loadConfig } from "../../src/config.js";
import type { Db } from "../../src/db/connection.js";
import { signManifest } from "../../src/modules/backups/manifest.js";
import { restoreArchive } from "../../src/modules/backups/restore.js";
import { tablesInDependencyOrder } from "../../src/modules/backups/schema.js";
import { createLocalStorage } from "../../src/storage/local.js";
import { createTestDb } from "./db.js";

export const currentDialect = (): Db["dialect"] => (process.env.TEST_DIALECT === "postgres" ? "postgres" : "sqlite");

/** A fresh database of the other dialect than this run's (null when PostgreSQL is not configured). */
export async function createOtherDialectDb() {
  if (!process.env.TEST_DATABASE_URL) return null;
  const saved = process.env.TEST_DIALECT;
  process.env.TEST_DIALECT = currentDialect() === "sqlite" ? "postgres" : "sqlite";
  try {
    return await createTestDb();
  } finally {
    process.env.TEST_DIALECT = saved;
  }
}

/** What a server on `dataDir` restores with: the backup key it generated there and the default limits. */
export function restoreSettings(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "test-secret-that-is-at-least-32-characters-long" });
  return { key: config.backupKey, limits: config.restoreLimits };
}

const sortedJson = (row: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))));

/** Every backed-up table's rows, in a stable order, to compare two databases. */
export async function dumpTables(db: Kysely<any>, dialect: Db["dialect"]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tablesInDependencyOrder(db, dialect)) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const shared = table === "activity_daily" || table === "activity_totals";
    out[table] = (shared ? sharedScopesAsOne(rows) : rows).map(sortedJson).sort();
  }
  return out;
}

/** The scope a shared count has on SQLite: PostgreSQL spreads everyone's ('*0'..'*3') and each role's ('@learner0'..). */
const oneEngineScope = (scope: string) =>
  scope.startsWith("*") ? "*" : scope.startsWith("@") ? scope.replace(/[0-3]$/, "") : scope;

/**
 * Everyone's and each role's activity counts are one scope on SQLite and four on PostgreSQL
 * (migrations 032 and 063): compared across engines by their sums.
 */
function sharedScopesAsOne(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const summed = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const scope = oneEngineScope(String(row.scope));
    const key = `${scope}|${row.day ?? ""}|${row.type}`;
    const sum = summed.get(key) ?? { ...row, scope, count: 0 };
    sum.count = Number(sum.count) + Number(row.count);
    summed.set(key, sum);
  }
  // A recount after a restore has no rows for days whose entries were all deleted.
  return [...summed.values()].filter((row) => Number(row.count) !== 0);
}

/** SHA-256 of each stored file, by key. */
export async function fileChecksums(uploadsRoot: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of createLocalStorage(uploadsRoot).list()) {
    out[key] = createHash("sha256")
      .update(await readFile(path.join(uploadsRoot, key)))
      .digest("hex");
  }
  return out;
}

/** Polls the history until the backup is no longer running. */
export async function finishedBackup(app: FastifyInstance, auth: Record<string, string>, id: string): Promise<Backup> {
  let backup: Backup | undefined;
  await vi.waitFor(
    async () => {
      const response = await app.inject({ method: "GET", url: "/api/admin/backup/history?limit=50", headers: auth });
      backup = (response.json().data.backups as Backup[]).find((b) => b._id === id);
      expect(backup?.status).not.toBe("running");
    },
    { timeout: 20_000, interval: 50 },
  );
  return backup as Backup;
}

/** One entry of an archive; `header` sets a type other than a file (a symlink) or a name tar would not. */
export interface ArchiveEntry {
  name: string;
  body: Buffer;
  header?: Partial<tar.Header>;
}

/** An archive's entries in order. */
export async function unpackArchive(archive: Buffer): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  const entries: ArchiveEntry[] = [];
  for await (const entry of extract) {
    entries.push({ name: entry.header.name, body: await buffer(Readable.from(entry as AsyncIterable<Buffer>)) });
  }
  return entries;
}

/** Packs entries as given into a .tar.gz. */
export async function packArchive(entries: ArchiveEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const packed = buffer(Readable.from(pack as AsyncIterable<Buffer>));
  for (const { name, body, header } of entries) {
    await new Promise((resolve) => pack.entry({ name, size: body.length, ...header }, body, resolve));
  }
  pack.finalize();
  return gzipSync(await packed);
}

const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("hex");

/**
 * What someone holding an archive (but not the server's key) could make of it: the entries changed
 * by `edit`, the manifest's sizes and checksums recomputed to match, and the old signature kept, or
 * signed again with `key` when given (to reach the checks after the signature's).
 */
export async function forgeArchive(
  archive: Buffer,
  edit: (entries: ArchiveEntry[]) => ArchiveEntry[],
  key?: string,
): Promise<Buffer> {
  const original = await unpackArchive(archive);
  const signature = original.find((e) => e.name === "manifest.hmac");
  const manifestEntry = original.find((e) => e.name === "manifest.json") as ArchiveEntry;
  const manifest = JSON.parse(manifestEntry.body.toString());
  const content = edit(original.filter((e) => e !== signature && e !== manifestEntry));
  manifest.entries = content.map((e) => ({ path: e.name, size: e.body.length, sha256: sha256(e.body) }));
  const body = Buffer.from(JSON.stringify(manifest));
  const signed = key ? Buffer.from(signManifest(body, key)) : signature?.body;
  return packArchive([
    ...content,
    { name: "manifest.json", body },
    ...(signed ? [{ name: "manifest.hmac", body: signed }] : []),
  ]);
}

/** A backup taken through the api (an admin starts it, a super admin downloads it): the archive's bytes. */
export async function backupThroughApi(
  app: FastifyInstance,
  admin: Record<string, string>,
  superAdmin: Record<string, string>,
): Promise<Buffer> {
  const started = await app.inject({ method: "POST", url: "/api/admin/backup", headers: admin });
  expect(started.statusCode, started.body).toBe(202);
  const backup = await finishedBackup(app, admin, started.json().data.backup._id);
  const download = await app.inject({
    method: "GET",
    url: `/api/admin/backup/${backup._id}/download`,
    headers: superAdmin,
  });
  expect(download.statusCode).toBe(200);
  return download.rawPayload;
}

/** Restores `archive` into a test app's database and uploads, as `npm run restore` does. */
export function restoreIntoTestApp(t: { db: Kysely<any>; dataDir: string }, archive: Buffer) {
  return restoreArchive(() => Readable.from([archive]), {
    database: { db: t.db, dialect: currentDialect(), close: async () => {} },
    uploads: createLocalStorage(`${t.dataDir}/uploads`),
    ...restoreSettings(t.dataDir),
  });
}
