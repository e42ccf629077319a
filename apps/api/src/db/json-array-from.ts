import { type Kysely, PostgresAdapter } from "kysely";
import { jsonArrayFrom as postgresJsonArrayFrom } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom } from "kysely/helpers/sqlite";
import type { Database } from "./types.js";

/**
 * Kysely's `jsonArrayFrom` for the database in use: a subquery's rows as one JSON array column, so
 * a row and the rows below it come back from one query.
 */
export const jsonArrayFrom = (db: Kysely<Database>) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? postgresJsonArrayFrom : sqliteJsonArrayFrom;

/** SQLite returns JSON as text, the PostgreSQL driver parses it already. */
export const parsedJsonArray = <T>(value: T[] | string): T[] =>
  typeof value === "string" ? (JSON.parse(value) as T[]) : value;
