import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Backup } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { expect, vi } from "vitest";
import type { Db } from "../../src/db/connection.js";
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

const sortedJson = (row: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))));

/** Every backed-up table's rows, in a stable order, to compare two databases. */
export async function dumpTables(db: Kysely<any>, dialect: Db["dialect"]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tablesInDependencyOrder(db, dialect)) {
    const rows = await db.selectFrom(table).selectAll().execute();
    out[table] = (table === "activity_daily" ? everyoneAsOneScope(rows) : rows).map(sortedJson).sort();
  }
  return out;
}

/**
 * Everyone's daily activity counts are one scope '*' on SQLite and four '*0'..'*3' on PostgreSQL
 * (migration 032): compared across engines by their sums.
 */
function everyoneAsOneScope(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const everyone = new Map<string, Record<string, unknown>>();
  const own = rows.filter((row) => !String(row.scope).startsWith("*"));
  for (const row of rows.filter((r) => String(r.scope).startsWith("*"))) {
    const key = `${row.day}|${row.type}`;
    const sum = everyone.get(key) ?? { ...row, scope: "*", count: 0 };
    sum.count = Number(sum.count) + Number(row.count);
    everyone.set(key, sum);
  }
  // A recount after a restore has no rows for days whose entries were all deleted.
  return [...own, ...everyone.values()].filter((row) => Number(row.count) !== 0);
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
