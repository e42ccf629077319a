import type { Kysely } from "kysely";

// Sign-out ends the access token it was called with at once, not when it expires: the guard refuses
// a token whose id (`jti`) is listed here. A row is kept until the token would have expired anyway,
// so the table holds at most one access-token lifetime of sign-outs. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("revoked_access_tokens")
    .addColumn("jti", "varchar(64)", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("revoked_access_tokens_expires_idx")
    .on("revoked_access_tokens")
    .column("expires_at")
    .execute();
}
