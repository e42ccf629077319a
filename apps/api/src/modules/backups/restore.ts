import type { Readable } from "node:stream";
import { type Kysely, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { knowsMigration, migrateToLatest } from "../../db/migrate.js";
import type { Database } from "../../db/types.js";
import type { Storage } from "../../storage/storage.js";
import { recountActivityDaily } from "../activities/daily-counts.js";
import { recountCourseFigures } from "../analytics/figures-recount.js";
import { forgetStoredMissingWork } from "../analytics/stored-missing.js";
import { recountCatalogue } from "../courses/catalogue-counts.js";
import { recountDiscussions } from "../discussions/counts.js";
import { forgetStoredGradebookRows } from "../gradebook/stored-rows-reset.js";
import { recountPlatformTotals } from "../platform/counters.js";
import { ArchiveRefused, readArchive, verifyArchive } from "./archive-read.js";
import type { RestoreLimits } from "./limits.js";
import type { Manifest } from "./manifest.js";
import { tableColumns, tablesInDependencyOrder } from "./schema.js";
import type { Row } from "./snapshot.js";

/** Bound parameters per INSERT, under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

export interface RestoreSummary {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  files: number;
  filesRemoved: number;
}

export interface RestoreTarget {
  database: Db;
  uploads: Storage;
  /** The PostgreSQL schema holding the migrator's tables (tests); omitted in production. */
  schema?: string;
  /** The server's backup key (config `backupKey`): only archives it signed are restored. */
  key: string;
  limits: RestoreLimits;
}

/**
 * Brings the target back to the archive's state. `open` gives the archive from its start, as many
 * times as needed: first the signature, every entry and every checksum is verified (a damaged, edited,
 * foreign or oversized archive is refused before anything is touched), then the target is migrated,
 * its tables emptied and loaded in one transaction, and finally the stored files are put back and
 * the ones the archive does not hold removed.
 */
export async function restoreArchive(open: () => Readable, target: RestoreTarget): Promise<RestoreSummary> {
  const { limits } = target;
  const manifest = await verifyArchive(open(), { key: target.key, limits });
  if (manifest.migration && !knowsMigration(manifest.migration)) {
    throw new ArchiveRefused(`the archive comes from a newer version of the product (migration ${manifest.migration})`);
  }
  const { database, uploads } = target;
  await migrateToLatest(database.db, { schema: target.schema ?? (await postgresSchema(database)) });
  const db = database.db as Kysely<any>;
  const tables = await tablesInDependencyOrder(db, database.dialect);
  const unknown = manifest.tables.find((t) => !tables.includes(t.name));
  if (unknown) throw new ArchiveRefused(`the archive holds a table this version does not have (${unknown.name})`);

  const loaded = new Map<string, number>();
  await db.transaction().execute(async (trx) => {
    for (const table of [...tables].reverse()) await trx.deleteFrom(table).execute();
    const columnsOf = new Map<string, Set<string>>();
    await readArchive(open(), limits, {
      async rows(table, rows) {
        let columns = columnsOf.get(table);
        if (!columns) {
          columns = new Set(await tableColumns(trx, database.dialect, table));
          columnsOf.set(table, columns);
        }
        const foreign = Object.keys(rows[0] ?? {}).find((column) => !columns.has(column));
        if (foreign)
          throw new ArchiveRefused(`the archive's table ${table} has a column this version lacks (${foreign})`);
        await insertRows(trx, database.dialect, table, rows);
        loaded.set(table, (loaded.get(table) ?? 0) + rows.length);
      },
      async file(_key, content) {
        content.resume();
      },
    });
    // The archive's copies of the trigger-kept totals and daily counts were loaded beside rows whose
    // inserts the triggers counted again: set them to what the rows say.
    await recountPlatformTotals(trx as unknown as Kysely<Database>);
    await recountActivityDaily(trx, database.dialect);
    await recountCatalogue(trx as unknown as Kysely<Database>);
    await recountDiscussions(trx as unknown as Kysely<Database>);
    await recountCourseFigures(trx as unknown as Kysely<Database>);
    await forgetStoredGradebookRows(trx as unknown as Kysely<Database>);
    await forgetStoredMissingWork(trx as unknown as Kysely<Database>);
  });

  const restored = new Set<string>();
  await readArchive(open(), limits, {
    async rows() {},
    async file(key, content) {
      await uploads.putAt(key, content);
      restored.add(key);
    },
  });
  const stale: string[] = [];
  for await (const key of uploads.list()) if (!restored.has(key)) stale.push(key);
  await uploads.remove(stale);

  return {
    manifest,
    tables: manifest.tables.map((t) => ({ name: t.name, rows: loaded.get(t.name) ?? 0 })),
    files: restored.size,
    filesRemoved: stale.length,
  };
}

/** PostgreSQL's schema in use, so the migrator looks for its bookkeeping there and nowhere else. */
async function postgresSchema(database: Db): Promise<string | undefined> {
  if (database.dialect !== "postgres") return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return rows[0]?.schema;
}

async function insertRows(trx: Kysely<any>, dialect: Db["dialect"], table: string, rows: Row[]) {
  if (!rows.length) return;
  const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0] as Row).length));
  const values = dialect === "sqlite" ? rows.map(forSqlite) : rows;
  for (let i = 0; i < values.length; i += perInsert) {
    await trx
      .insertInto(table)
      .values(values.slice(i, i + perInsert))
      .execute();
  }
}

/** SQLite binds no booleans or objects: a PostgreSQL boolean becomes 0/1, a JSON value its text. */
function forSqlite(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === "boolean") out[key] = value ? 1 : 0;
    else if (value !== null && typeof value === "object") out[key] = JSON.stringify(value);
    else out[key] = value;
  }
  return out;
}
