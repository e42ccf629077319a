import { type Kysely, PostgresAdapter } from "kysely";
import {
  jsonArrayFrom as postgresJsonArrayFrom,
  jsonObjectFrom as postgresJsonObjectFrom,
} from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom, jsonObjectFrom as sqliteJsonObjectFrom } from "kysely/helpers/sqlite";
import type { Database } from "./types.js";

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Kysely's `jsonArrayFrom` for the database in use: a subquery's rows as one JSON array column, so
 * a row and the rows below it come back from one query.
 */
export const jsonArrayFrom = (db: Kysely<Database>) => (isPostgres(db) ? postgresJsonArrayFrom : sqliteJsonArrayFrom);

/** Kysely's `jsonObjectFrom` for the database in use: a subquery's first row as one JSON column, or null. */
export const jsonObjectFrom = (db: Kysely<Database>) =>
  isPostgres(db) ? postgresJsonObjectFrom : sqliteJsonObjectFrom;

/** SQLite returns JSON as text, the PostgreSQL driver parses it already. */
export const parsedJsonArray = <T>(value: T[] | string): T[] =>
  typeof value === "string" ? (JSON.parse(value) as T[]) : value;

/** The same for a JSON object column, null when the subquery found no row. */
export const parsedJsonObject = <T>(value: T | string | null): T | null =>
  typeof value === "string" ? (JSON.parse(value) as T) : value;
