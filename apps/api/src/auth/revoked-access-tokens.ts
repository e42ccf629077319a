import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";

/**
 * Access tokens ended before their expiry by sign-out. A table rather than the user's
 * `sessions_valid_after`, which would end the user's other devices too; the database rather than
 * process memory, so every process refuses the token at once.
 */
export async function revokeAccessToken(db: Kysely<Database>, jti: string, expiresAt: number): Promise<void> {
  if (!jti) return;
  const now = new Date().toISOString();
  await db.deleteFrom("revoked_access_tokens").where("expires_at", "<", now).execute();
  await db
    .insertInto("revoked_access_tokens")
    .values({ jti, expires_at: new Date(expiresAt).toISOString() })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute();
}

export async function isAccessTokenRevoked(db: Kysely<Database>, jti: string): Promise<boolean> {
  if (!jti) return false;
  const row = await db.selectFrom("revoked_access_tokens").select("jti").where("jti", "=", jti).executeTakeFirst();
  return row !== undefined;
}
