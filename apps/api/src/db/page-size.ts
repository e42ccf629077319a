import { sql } from "kysely";

/**
 * A list's page size written into its SQL rather than bound: SQLite plans a bound LIMIT for any size,
 * and took about twice as long over the same page (the catalogue, the activity lists). Only a
 * validated integer may be written in; anything else is a programming error.
 */
export function pageSizeLiteral(limit: number) {
  if (!Number.isInteger(limit)) throw new TypeError("the page size must be an integer");
  return sql.lit(limit);
}
