import { closeSync, openSync } from "node:fs";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { PRIVATE_FILE_MODE, tightenFile } from "../storage/private-files.js";
import { createPostgresPool, type DbLog } from "./postgres-pool.js";
import type { Database } from "./types.js";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL returns count(*) and other int8 values as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing is a large share of a small query's cost, so
 * statements are kept per SQL text (queries are parameterised, so the set of texts is small).
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

export interface OpenDbOptions {
  /** Pins PostgreSQL to one schema (used by tests). */
  schema?: string;
  /** Where PostgreSQL connections the server dropped are reported. */
  log?: DbLog;
  /** How long a query waits for a new PostgreSQL connection before failing with 503. */
  connectTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const stderrLog: DbLog = { warn: (details, message) => console.warn(message, details) };

/**
 * Opens the database named by DATABASE_URL: `file:<path>` (or `:memory:`) for SQLite,
 * `postgres://...` for PostgreSQL.
 */
export function openDb(url: string, options: OpenDbOptions = {}): Db {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = createPostgresPool(url, {
      schema: options.schema,
      log: options.log ?? stderrLog,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:" && file !== "") createPrivately(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * Creates the database file for the service's user only before SQLite opens it; SQLite gives its
 * -wal and -shm files the database file's mode. An older install's files are tightened.
 */
function createPrivately(file: string) {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  for (const suffix of ["", "-wal", "-shm", "-journal"]) tightenFile(`${file}${suffix}`);
}
