import { type ChangeEmailInput, type ChangePasswordInput, LIMITS, MESSAGES, PROFILE_MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { hashPassword, verifyPassword } from "../../auth/passwords.js";
import { hashOpaqueToken, newOpaqueToken } from "../../auth/secrets.js";
import { newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError } from "../../http/errors.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { findUserByEmail, findUserById, type UserRow } from "../users/repo.js";
import { credentialsChanged } from "./credentials-changed.js";
import { emailChangeConfirmEmail, emailChangeNoticeEmail } from "./email-change-email.js";
import * as repo from "./repo.js";
import type { AuthService } from "./service.js";

interface CredentialDeps {
  db: Kysely<Database>;
  auth: AuthService;
  mail: MailQueue;
  publicUrl: string;
}

export type CredentialService = ReturnType<typeof createCredentialService>;

/** A signed-in user's own password and e-mail address, both guarded by the current password. */
export function createCredentialService({ db, auth, mail, publicUrl }: CredentialDeps) {
  /** A wrong current password is a field error (400), not a 401 that would end the caller's session. */
  async function assertCurrentPassword(user: UserRow, password: string) {
    if (!(await verifyPassword(user.password_hash, password))) {
      throw badRequest(PROFILE_MESSAGES.currentPasswordWrong, [
        fieldError("currentPassword", PROFILE_MESSAGES.currentPasswordWrong),
      ]);
    }
  }

  const taken = () => conflict(MESSAGES.emailTaken, [fieldError("newEmail", MESSAGES.emailTaken)]);

  return {
    /** Sets the new password, signs out every other session and starts a fresh one for the caller. */
    async changePassword(user: UserRow, input: ChangePasswordInput, ip: string) {
      await assertCurrentPassword(user, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ password_hash: passwordHash, updated_at: now })
          .where("id", "=", user.id)
          .execute();
        await credentialsChanged(trx, user.id, now, { type: "password_changed", title: "Password changed", ip });
      });
      const updated = await findUserById(db, user.id);
      return auth.startSession(updated ?? user);
    },

    /** Ends every session of the account, the caller's included, and starts a fresh one for the caller. */
    async signOutOthers(user: UserRow, ip: string) {
      const now = nowIso();
      await db.transaction().execute((trx) =>
        credentialsChanged(trx, user.id, now, {
          type: "signed_out_everywhere",
          title: "Signed out of all other devices",
          ip,
        }),
      );
      return auth.startSession((await findUserById(db, user.id)) ?? user);
    },

    /** Sends a confirmation link to the new address; nothing changes until it is opened. */
    async requestEmailChange(user: UserRow, input: ChangeEmailInput) {
      await assertCurrentPassword(user, input.currentPassword);
      const newEmail = input.newEmail.toLowerCase();
      if (newEmail === user.email) {
        throw badRequest(PROFILE_MESSAGES.emailSame, [fieldError("newEmail", PROFILE_MESSAGES.emailSame)]);
      }
      if (await findUserByEmail(db, newEmail)) throw taken();
      const token = newOpaqueToken();
      const link = `${publicUrl}/confirm-email/${token.token}`;
      await db.transaction().execute(async (trx) => {
        await repo.insertEmailChangeToken(trx, {
          id: newId(),
          user_id: user.id,
          new_email: newEmail,
          token_hash: token.hash,
          expires_at: new Date(Date.now() + LIMITS.resetTokenMinutes * 60_000).toISOString(),
          created_at: nowIso(),
        });
        await mail.send("security", (siteName) => emailChangeConfirmEmail(user.name, newEmail, link, siteName), trx);
        await mail.send("security", (siteName) => emailChangeNoticeEmail(user, newEmail, siteName), trx);
      });
      mail.deliverSoon();
    },

    /** Opens a confirmation link: the account's address becomes the new one, once. */
    async confirmEmailChange(token: string, ip: string) {
      const row = await repo.findEmailChangeToken(db, hashOpaqueToken(token));
      if (!row || row.used_at || row.expires_at <= nowIso()) throw badRequest(PROFILE_MESSAGES.emailChangeInvalid);
      if (await findUserByEmail(db, row.new_email)) throw taken();
      const now = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await repo.markEmailChangeTokenUsed(trx, row.id, now))) {
            throw badRequest(PROFILE_MESSAGES.emailChangeInvalid);
          }
          await trx
            .updateTable("users")
            .set({ email: row.new_email, email_verified: toFlag(true), updated_at: now })
            .where("id", "=", row.user_id)
            .execute();
          await credentialsChanged(trx, row.user_id, now, {
            type: "email_changed",
            title: "E-mail address changed",
            metadata: { changed: ["email"] },
            ip,
          });
        });
      } catch (error) {
        // Someone registered the address between the check and the write: the unique index decides.
        if (await findUserByEmail(db, row.new_email)) throw taken();
        throw error;
      }
    },
  };
}
