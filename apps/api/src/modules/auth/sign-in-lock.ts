import { MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { AppError } from "../../http/errors.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { findUserById } from "../users/repo.js";
import { accountLockedEmail } from "./locked-email.js";
import * as repo from "./sign-in-failures-repo.js";

export interface SignInLockDeps {
  db: Kysely<Database>;
  mail: MailQueue;
  publicUrl: string;
  /** SIGN_IN_LOCK_FAILURES within SIGN_IN_LOCK_MINUTES lock sign-in for SIGN_IN_LOCK_MINUTES. */
  limits: { failures: number; windowMs: number };
  now: () => Date;
}

export type SignInLock = ReturnType<typeof createSignInLock>;

/**
 * A cap per account on failed passwords and two-factor codes, whatever address they come from: the
 * address limits slow one guesser, this stops many. Its owner is e-mailed when the lock begins.
 */
export function createSignInLock({ db, mail, publicUrl, limits, now }: SignInLockDeps) {
  const minutes = Math.round(limits.windowMs / 60_000);
  const lockedError = (until: string) => {
    const seconds = Math.max(1, Math.ceil((Date.parse(until) - now().getTime()) / 1000));
    return new AppError(429, MESSAGES.accountLocked, undefined, seconds);
  };

  return {
    /** Refuses, with the time left as Retry-After, while the account's sign-in is locked. */
    async assertOpen(userId: string): Promise<void> {
      const until = await repo.lockedUntil(db, userId);
      if (until && until > now().toISOString()) throw lockedError(until);
    },

    /** Counts a failed password or code; the failure that reaches the limit locks and is refused so. */
    async recordFailure(userId: string): Promise<void> {
      const at = now().getTime();
      const lockUntil = new Date(at + limits.windowMs).toISOString();
      const failures = await repo.countFailure(db, userId, {
        now: new Date(at).toISOString(),
        windowStartedBefore: new Date(at - limits.windowMs).toISOString(),
        lockUntil,
        max: limits.failures,
      });
      if (failures !== limits.failures) return;
      const user = await findUserById(db, userId);
      if (user) {
        const resetLink = `${publicUrl}/forgot-password`;
        await mail.send("security", (siteName) => accountLockedEmail(user, { failures, minutes, resetLink }, siteName));
      }
      throw lockedError(lockUntil);
    },

    /** After a full sign-in or a password reset: the count starts again and any lock ends. */
    clear: (userId: string) => repo.clearFailures(db, userId),
  };
}
