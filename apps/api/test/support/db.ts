import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Db, openDb } from "../../src/db/connection.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { ensureDefaultSettings } from "../../src/modules/settings/repo.js";

export interface TestDb {
  database: Db;
  dataDir: string;
  /** Another connection to the same database, as a second api process would open. */
  reopen(): Db;
  cleanup(): Promise<void>;
}

/**
 * Test files on PostgreSQL create, migrate and drop their schemas one at a time: Kysely's migrator reads
 * the catalogue of every schema, and a schema dropped by a parallel file meanwhile fails that read.
 */
const SCHEMA_DDL_LOCK = 727_001;

async function underSchemaLock<T>(admin: pg.Client, work: () => Promise<T>): Promise<T> {
  await admin.query("select pg_advisory_lock($1)", [SCHEMA_DDL_LOCK]);
  try {
    return await work();
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [SCHEMA_DDL_LOCK]);
  }
}

/** A fresh, migrated database for one test file: a temp SQLite file, or a PostgreSQL schema of its own. */
export async function createTestDb(): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-test-"));
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DIALECT === "postgres" && pgUrl) {
    const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const database = openDb(pgUrl, { schema });
    await underSchemaLock(admin, async () => {
      await admin.query(`create schema ${schema}`);
      await migrateToLatest(database.db, { schema });
    });
    await ensureDefaultSettings(database.db);
    return {
      database,
      dataDir,
      reopen: () => openDb(pgUrl, { schema }),
      async cleanup() {
        await database.close();
        await underSchemaLock(admin, () => admin.query(`drop schema ${schema} cascade`));
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const file = `file:${path.join(dataDir, "test.db")}`;
  const database = openDb(file);
  await migrateToLatest(database.db);
  await ensureDefaultSettings(database.db);
  return {
    database,
    dataDir,
    reopen: () => openDb(file),
    async cleanup() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
