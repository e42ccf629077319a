import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import type { Db } from "../../db/connection.js";
import { appliedMigration, tablesInDependencyOrder } from "./schema.js";

export type Row = Record<string, unknown>;

/** One consistent view of the whole database: every table as of one moment. */
export interface Snapshot {
  tables: string[];
  migration: string | null;
  /** A table's rows, page by page (never the whole table in memory). */
  pages(table: string, pageSize: number): AsyncIterable<Row[]>;
}

/**
 * Runs `work` on a consistent snapshot while the product keeps serving. SQLite: a second, read-only
 * connection to the same file holds one read transaction (WAL lets writers go on); PostgreSQL: a
 * REPEATABLE READ READ ONLY transaction on one pooled connection, rows read through a cursor.
 */
export async function withSnapshot<T>(database: Db, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  return database.dialect === "sqlite" ? sqliteSnapshot(database, work) : postgresSnapshot(database, work);
}

async function sqliteSnapshot<T>(database: Db, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    database.db,
  );
  const file = rows[0]?.file;
  if (!file) throw new Error("a backup needs a database file (an in-memory database cannot be backed up)");
  const reader = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: reader }) });
  try {
    return await db.transaction().execute(async (trx) => {
      // The first read fixes the snapshot every later read of this transaction sees.
      const tables = await tablesInDependencyOrder(trx, "sqlite");
      const migration = await appliedMigration(trx);
      return work({
        tables,
        migration,
        async *pages(table, pageSize) {
          let page: Row[] = [];
          for await (const row of trx.selectFrom(table).selectAll().stream(pageSize)) {
            page.push(row as Row);
            if (page.length === pageSize) {
              yield page;
              page = [];
            }
          }
          if (page.length) yield page;
        },
      });
    });
  } finally {
    await db.destroy();
  }
}

async function postgresSnapshot<T>(database: Db, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  return database.db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const tables = await tablesInDependencyOrder(trx as Kysely<any>, "postgres");
      const migration = await appliedMigration(trx as Kysely<any>);
      return work({
        tables,
        migration,
        async *pages(table, pageSize) {
          await sql`declare backup_rows no scroll cursor for select * from ${sql.table(table)}`.execute(trx);
          try {
            while (true) {
              const { rows } = await sql<Row>`fetch ${sql.lit(pageSize)} from backup_rows`.execute(trx);
              if (rows.length) yield rows;
              if (rows.length < pageSize) return;
            }
          } finally {
            await sql`close backup_rows`.execute(trx);
          }
        },
      });
    });
}
