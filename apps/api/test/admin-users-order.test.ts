import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/types.js";
import { listUsers } from "../src/modules/users/repo.js";
import { createTestDb, type TestDb } from "./support/db.js";

// The users list is newest first, ties broken by id; a bulk import gives its users one time. The page must be
// an index range: a sort of the tie would cost every request in proportion to the import.
describe.runIf(process.env.TEST_DIALECT !== "postgres")("the users list's order on SQLite", () => {
  let testDb: TestDb;
  let sqlite: SqliteDatabase.Database;
  beforeAll(async () => {
    testDb = await createTestDb();
    sqlite = new SqliteDatabase(testDb.database.file as string);
  });
  afterAll(async () => {
    sqlite.close();
    await testDb.cleanup();
  });

  it("reads the first page from an index, without sorting users who joined at the same time", async () => {
    const statements: string[] = [];
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => void statements.push(event.query.sql),
    });
    await listUsers(db, { page: 1, limit: 20 });
    const page = statements.find((text) => text.includes("order by"));
    if (!page) throw new Error("the list reads a page in order");
    const plan = sqlite
      .prepare(`explain query plan ${page}`)
      .all(20, 0)
      .map((step) => (step as { detail: string }).detail);
    expect(plan.join("\n")).toMatch(/USING (COVERING )?INDEX/);
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});
