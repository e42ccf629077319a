import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types.js";

type Executor = Kysely<Database> | Transaction<Database>;

export const findTwoFactor = (db: Executor, userId: string) =>
  db.selectFrom("user_two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();

export async function isTwoFactorOn(db: Executor, userId: string): Promise<boolean> {
  const row = await findTwoFactor(db, userId);
  return Boolean(row?.enabled_at);
}

/** A new pending secret, in place of any earlier pending one (an enabled one is never replaced here). */
export async function savePendingSecret(db: Executor, userId: string, secret: string, at: string) {
  await db.deleteFrom("user_two_factor").where("user_id", "=", userId).where("enabled_at", "is", null).execute();
  await db
    .insertInto("user_two_factor")
    .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: at })
    .execute();
}

/** Records the accepted time step; false when this step (or a later one) was used already. */
export async function useStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable("user_two_factor")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function enable(db: Executor, userId: string, at: string) {
  await db.updateTable("user_two_factor").set({ enabled_at: at }).where("user_id", "=", userId).execute();
}

export async function removeTwoFactor(db: Executor, userId: string) {
  await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  await db.deleteFrom("user_two_factor").where("user_id", "=", userId).execute();
}

export async function replaceRecoveryCodes(db: Executor, userId: string, rows: { id: string; code_hash: string }[]) {
  await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("two_factor_recovery_codes")
    .values(rows.map((row) => ({ ...row, user_id: userId, used_at: null })))
    .execute();
}

/** Spends a recovery code; false when it is not one of the user's unused codes. */
export async function spendRecoveryCode(db: Executor, userId: string, codeHash: string, at: string) {
  const result = await db
    .updateTable("two_factor_recovery_codes")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("two_factor_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertChallenge(
  db: Executor,
  row: { id: string; user_id: string; token_hash: string; expires_at: string; created_at: string },
) {
  await db
    .insertInto("two_factor_challenges")
    .values({ ...row, attempts: 0, used_at: null })
    .execute();
}

export const findChallenge = (db: Executor, tokenHash: string) =>
  db.selectFrom("two_factor_challenges").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

/** Counts one more try; false when the challenge is spent, used up or expired. */
export async function countAttempt(db: Executor, id: string, maxAttempts: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("two_factor_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function closeChallenge(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("two_factor_challenges")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
