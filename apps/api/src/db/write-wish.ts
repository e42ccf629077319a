import type SqliteDatabase from "better-sqlite3";

/**
 * A flag shared between threads, set while the api's SQLite connection waits for the write lock or holds it
 * in a transaction. Another writer on the file (the view entries' thread) takes the lock only while it is
 * clear: SQLite's busy handler sleeps the api's thread in growing steps (1, 2, 5, 10 ms ...), and a writer
 * that took the lock again at once kept it asleep through several of them.
 */
export type WriteWish = Int32Array;

export const newWriteWish = (): WriteWish => new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

export const isWishing = (wish: WriteWish): boolean => Atomics.load(wish, 0) === 1;

/**
 * `statement` as Kysely runs it (`reader`, `all`, `run`), raising the flag around anything but a plain read
 * (a write, `begin`, `commit`) and keeping it raised while a transaction is open. Kysely streams (`iterate`)
 * plain reads only, which are returned as they are.
 */
export function wishingToWrite(
  sqlite: SqliteDatabase.Database,
  statement: SqliteDatabase.Statement,
  wish: WriteWish,
): SqliteDatabase.Statement {
  if (statement.readonly && statement.reader) return statement;
  const around =
    <T>(run: (...params: unknown[]) => T) =>
    (...params: unknown[]): T => {
      Atomics.store(wish, 0, 1);
      try {
        return run(...params);
      } finally {
        if (!sqlite.inTransaction) Atomics.store(wish, 0, 0);
      }
    };
  return {
    reader: statement.reader,
    run: around(statement.run.bind(statement)),
    all: around(statement.all.bind(statement)),
  } as unknown as SqliteDatabase.Statement;
}
