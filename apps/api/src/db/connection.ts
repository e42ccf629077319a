import { closeSync, openSync } from "node:fs";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { PRIVATE_FILE_MODE, tightenFile } from "../storage/private-files.js";
import { createPostgresPool, type DbLog } from "./postgres-pool.js";
import type { Database } from "./types.js";
import { newWriteWish, type WriteWish, wishingToWrite } from "./write-wish.js";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite database's file, for another thread to open (none for PostgreSQL or `:memory:`). */
  file?: string;
  /** Raised while this SQLite connection wants the write lock, for another thread that writes to `file`. */
  writeWish?: WriteWish;
  close(): Promise<void>;
}

// PostgreSQL returns count(*) and other int8 values as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely opens a transaction with a plain `begin`, which takes the write lock only at its first write. Another
 * connection writes to the same file (the view entries' thread, see modules/activities/view-writer.ts): one
 * that commits after such a transaction has read makes that write fail at once (SQLITE_BUSY_SNAPSHOT), where
 * a transaction that takes the lock up front waits for it like any single statement does.
 */
const BEGIN_WRITING = "begin immediate";

/**
 * Kysely prepares every query afresh; preparing is a large share of a small query's cost, so
 * statements are kept per SQL text (queries are parameterised, so the set of texts is small).
 */
function withStatementCache(sqlite: SqliteDatabase.Database, wish: WriteWish) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      const text = query === "begin" ? BEGIN_WRITING : query;
      let statement = cache.get(text);
      if (!statement) {
        statement = wishingToWrite(sqlite, sqlite.prepare(text), wish);
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
  const writeWish = newWriteWish();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, writeWish) }) });
  const onDisk = file !== ":memory:" && file !== "";
  return { db, dialect: "sqlite", file: onDisk ? file : undefined, writeWish, close: () => db.destroy() };
}

/**
 * Creates the database file for the service's user only before SQLite opens it; SQLite gives its
 * -wal and -shm files the database file's mode. An older install's files are tightened.
 */
function createPrivately(file: string) {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  for (const suffix of ["", "-wal", "-shm", "-journal"]) tightenFile(`${file}${suffix}`);
}
