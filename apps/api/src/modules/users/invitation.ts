import type { Kysely } from "kysely";
import { newOpaqueToken } from "../../auth/secrets.js";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { insertResetToken } from "../auth/repo.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { inviteEmail } from "./invite-email.js";

/** Invited users never sign in with a password until they set one: no hash verifies against this. */
export const NO_PASSWORD = "!invited";
export const INVITE_DAYS = 7;

/**
 * Queues a set-password invitation (an import's invited rows, or an admin creating a user by hand):
 * a one-use link, valid INVITE_DAYS, marked as an invitation so its page says "Set your password"
 * and signs the user in. Pass the transaction that creates the user; call `mail.deliverSoon()` once
 * it has committed.
 */
export async function queueInvitation(
  trx: Kysely<Database>,
  deps: { mail: MailQueue; publicUrl: string },
  user: { id: string; name: string; email: string },
  now: string,
): Promise<void> {
  const link = newOpaqueToken();
  await insertResetToken(trx, {
    id: newId(),
    user_id: user.id,
    token_hash: link.hash,
    expires_at: new Date(Date.parse(now) + INVITE_DAYS * 86_400_000).toISOString(),
    created_at: now,
    purpose: "invite",
  });
  const url = `${deps.publicUrl}/reset-password/${link.token}`;
  await deps.mail.send("security", (siteName) => inviteEmail(user, url, INVITE_DAYS, siteName), trx);
}
