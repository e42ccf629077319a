import type { Kysely } from "kysely";

// Failed passwords and two-factor codes per account (issue 20): counted in a window, and the time
// until which the account's sign-in is locked once they reach the limit. In the database so every
// api process sees the same count and the same lock. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sign_in_failures")
    .addColumn("user_id", "varchar(24)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sign_in_failures").ifExists().execute();
}
