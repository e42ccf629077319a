const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A unique-constraint violation, on SQLite or PostgreSQL (e.g. two requests racing to insert the same row). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** A row that refers to one that no longer exists (e.g. deleted while a request was under way). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** No connection to the database could be opened. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`cannot connect to the database: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

// PostgreSQL's connection-exception class (08) and operator intervention (57P01-57P03: terminated by
// the administrator, crash shutdown, cannot connect now); node's socket errors from a dropped server.
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
const DROPPED_CONNECTION = /^Connection terminated|^Client has encountered a connection error/;

/** The database cannot be reached now (down, restarting, dropped our connection): worth a retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = codeOf(error);
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  return error instanceof Error && DROPPED_CONNECTION.test(error.message);
}
