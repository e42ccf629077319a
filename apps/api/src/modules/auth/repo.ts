import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types.js";

type Executor = Kysely<Database> | Transaction<Database>;

export const findRefreshToken = (db: Executor, tokenHash: string) =>
  db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

export async function insertRefreshToken(
  db: Executor,
  row: { id: string; user_id: string; family_id: string; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db
    .insertInto("refresh_tokens")
    .values({ ...row, used_at: null, revoked_at: null })
    .execute();
}

/** Marks a token used; false when another request used it first. */
export async function markRefreshTokenUsed(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("refresh_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshFamily(db: Executor, familyId: string, at: string): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: at })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeUserRefreshTokens(db: Executor, userId: string, at: string): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

export async function insertResetToken(
  db: Executor,
  row: {
    id: string;
    user_id: string;
    token_hash: string;
    expires_at: string;
    created_at: string;
    purpose?: "reset" | "invite";
  },
): Promise<void> {
  await db
    .insertInto("password_reset_tokens")
    .values({ ...row, used_at: null })
    .execute();
}

export const findResetToken = (db: Executor, tokenHash: string) =>
  db.selectFrom("password_reset_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

export async function markResetTokenUsed(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("password_reset_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertEmailChangeToken(
  db: Executor,
  row: { id: string; user_id: string; new_email: string; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db
    .insertInto("email_change_tokens")
    .values({ ...row, used_at: null })
    .execute();
}

export const findEmailChangeToken = (db: Executor, tokenHash: string) =>
  db.selectFrom("email_change_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

export async function markEmailChangeTokenUsed(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("email_change_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
