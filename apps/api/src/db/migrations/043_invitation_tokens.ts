import type { Kysely } from "kysely";

// Set-password links sent with an invitation (issue 21) live with password-reset links; `purpose`
// tells them apart so the page can say "Set your password", sign the new user in, and say that an
// expired or used invitation is one. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("password_reset_tokens")
    .addColumn("purpose", "varchar(16)", (c) => c.notNull().defaultTo("reset"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("password_reset_tokens").dropColumn("purpose").execute();
}
