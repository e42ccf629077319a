import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { logActivity, type NewActivity } from "../activities/repo.js";
import { revokeUserRefreshTokens } from "./repo.js";

/** The security event the change is logged as, on the account's own activity. */
export type SecurityEvent = Omit<NewActivity, "userId" | "createdAt">;

/**
 * Everything the account's old credentials opened ends: access tokens signed before `at` (the guard
 * compares `sessions_valid_after`), every refresh token, and every reset and e-mail-change link not
 * yet used. Called by each change of a password, an e-mail address or two-factor sign-in, and by
 * "sign out everywhere", inside the change's own transaction. A caller who stays signed in starts a
 * fresh session after it (`auth.startSession`).
 */
export async function credentialsChanged(
  trx: Kysely<Database>,
  userId: string,
  at: string,
  event: SecurityEvent,
): Promise<void> {
  await trx.updateTable("users").set({ sessions_valid_after: at }).where("id", "=", userId).execute();
  await revokeUserRefreshTokens(trx, userId, at);
  await trx
    .updateTable("password_reset_tokens")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .updateTable("email_change_tokens")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await trx
    .updateTable("two_factor_challenges")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  await logActivity(trx, { ...event, userId });
}
