import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types.js";
import { FILE_KEY_COLUMNS, FILE_KEY_JSON_COLUMNS } from "./file-columns.js";

/** Keys per IN list: well below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

/** Which of `keys` a row still points at, through any column of file-columns.ts. */
export async function referencedKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(keys)];
  const found = new Set<string>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    for (const { table, column } of FILE_KEY_COLUMNS) {
      const rows = await sql<{ key: string }>`select ${sql.ref(column)} as key from ${sql.table(table)}
        where ${sql.ref(column)} in (${sql.join(chunk)})`.execute(db);
      for (const row of rows.rows) found.add(row.key);
    }
  }
  // Keys inside JSON are matched one at a time, and only for keys no plain column holds.
  for (const key of unique) {
    if (found.has(key)) continue;
    for (const { table, column, keyPrefix } of FILE_KEY_JSON_COLUMNS) {
      if (!key.startsWith(keyPrefix)) continue;
      const hit =
        await sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} like ${`%${key}%`} limit 1`.execute(db);
      if (hit.rows.length > 0) found.add(key);
    }
  }
  return found;
}
