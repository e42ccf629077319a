import type { Kysely } from "kysely";

// Two-factor sign-in with TOTP (issue 12): the secret (encrypted with a key derived from the app's
// secret), ten single-use recovery codes stored hashed, and the short-lived sign-in challenges
// that stand between the password and the tokens. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_two_factor")
    .addColumn("user_id", "varchar(24)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    // Null while set-up waits for its first code.
    .addColumn("enabled_at", "text")
    // The last TOTP time step accepted, so one code never works twice.
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("two_factor_recovery_codes")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("two_factor_recovery_codes_user_idx")
    .on("two_factor_recovery_codes")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("two_factor_challenges")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("two_factor_challenges").ifExists().execute();
  await db.schema.dropTable("two_factor_recovery_codes").ifExists().execute();
  await db.schema.dropTable("user_two_factor").ifExists().execute();
}
