import { sql } from "kysely";

/** `%text%` for LIKE, lower-cased, with LIKE's own characters escaped by a backslash. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * True where any of the columns contains the text, ignoring case on both databases (PostgreSQL's
 * LIKE is case-sensitive, so both sides are lower-cased). The ESCAPE clause is explicit because
 * SQLite has no default escape character for LIKE.
 */
export function containsText(columns: readonly string[], text: string) {
  const pattern = containsPattern(text);
  const tests = columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}
