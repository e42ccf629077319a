import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Db, openDb } from "../../src/db/connection.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { ensureDefaultSettings } from "../../src/modules/settings/repo.js";

export interface TestDb {
  database: Db;
  dataDir: string;
  /** The database's address, for another api process to open. */
  url: string;
  /** Another connection to the same database, as a second api process would open. */
  reopen(): Db;
  cleanup(): Promise<void>;
}

/**
 * Every test file gets a database of its own, copied from one migrated template: migrating anew for each
 * of ~140 files cost seconds a file on PostgreSQL. The PostgreSQL template is made once per test run (its
 * name carries the run's id from vitest.config.ts, and the run's global teardown drops it); the SQLite one
 * once per test worker process.
 */
const TEMPLATE_LOCK = 727_001;

async function migrated(url: string): Promise<void> {
  const database = openDb(url);
  try {
    await migrateToLatest(database.db);
    await ensureDefaultSettings(database.db);
  } finally {
    await database.close();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function postgresTemplateName(serverUrl: string, runId: string): string {
  return `${new URL(serverUrl).pathname.slice(1)}_template_${runId}`.toLowerCase();
}

/** The run's migrated template database, made by the first file that needs it. */
async function postgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = postgresTemplateName(serverUrl, process.env.TEST_RUN_ID ?? "local");
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      await admin.query(`create database ${name}`);
      await migrated(databaseUrl(serverUrl, name));
    }
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
  }
  return name;
}

/** The test's handle on the database at `url`; `drop` removes the database itself once it is closed. */
function testDbAt(url: string, dataDir: string, drop: () => Promise<void> = async () => {}): TestDb {
  const database = openDb(url);
  return {
    database,
    dataDir,
    url,
    reopen: () => openDb(url),
    async cleanup() {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDb(serverUrl: string, dataDir: string): Promise<TestDb> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = await postgresTemplate(admin, serverUrl);
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`create database ${name} template ${template}`);
  return testDbAt(databaseUrl(serverUrl, name), dataDir, async () => {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  });
}

let sqliteTemplate: string | undefined;

/** This worker's migrated SQLite file, removed when the worker exits. */
async function sqliteTemplateFile(): Promise<string> {
  if (sqliteTemplate && existsSync(sqliteTemplate)) return sqliteTemplate;
  const dir = mkdtempSync(path.join(tmpdir(), "lms-test-template-"));
  const file = path.join(dir, "template.db");
  // Closing the only connection checkpoints the write-ahead log into the file, so a copy is complete.
  await migrated(`file:${file}`);
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  sqliteTemplate = file;
  return file;
}

/** A fresh, migrated database for one test file: a SQLite file, or a PostgreSQL database of its own. */
export async function createTestDb(): Promise<TestDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-test-"));
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DIALECT === "postgres" && pgUrl) return createPostgresDb(pgUrl, dataDir);
  const file = path.join(dataDir, "test.db");
  copyFileSync(await sqliteTemplateFile(), file);
  return testDbAt(`file:${file}`, dataDir);
}
