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
