import { randomBytes } from "node:crypto";
import { TWO_FACTOR_MESSAGES as M, MESSAGES, RECOVERY_CODE_COUNT, TWO_FACTOR_CHALLENGE } from "@lms/contract";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { verifyPassword } from "../../auth/passwords.js";
import type { SecretBox } from "../../auth/secret-box.js";
import { hashOpaqueToken, newOpaqueToken } from "../../auth/secrets.js";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError } from "../../http/errors.js";
import { isAdmin } from "../../policies/index.js";
import { logActivity } from "../activities/repo.js";
import { credentialsChanged } from "../auth/credentials-changed.js";
import type { SignInLock } from "../auth/sign-in-lock.js";
import { getSystemSettings } from "../settings/repo.js";
import type { UserRow } from "../users/repo.js";
import * as repo from "./repo.js";

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

const PERIOD = 30;
const invalidCode = () => badRequest(M.codeInvalid, [fieldError("code", M.codeInvalid)]);

async function assertPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) {
    throw badRequest(MESSAGES.invalidCredentials, [fieldError("password", MESSAGES.invalidCredentials)]);
  }
}

/** "7k2qd-9xw4m": ten characters from 32 that cannot be mistaken for each other (no l, o, 0, 1): 50 bits. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const chars = [...randomBytes(10)].map((byte) => alphabet[byte % 32]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/**
 * Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30 s; the codes of the step before and
 * after are accepted for clock drift, and no step twice) plus ten single-use recovery codes.
 */
export function createTwoFactorService({ db, box, now }: { db: Kysely<Database>; box: SecretBox; now: () => Date }) {
  const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD, digits: 6 });

  /** A TOTP code of the user's secret, or one of their unused recovery codes; each works once. */
  async function verifyCode(userId: string, secretSealed: string, code: string): Promise<boolean> {
    const at = now();
    if (code.includes("-")) {
      if (!(await repo.spendRecoveryCode(db, userId, hashOpaqueToken(code), at.toISOString()))) return false;
      await logActivity(db, { userId, type: "recovery_code_used", title: "Recovery code used" });
      return true;
    }
    const delta = totp(box.open(secretSealed)).validate({ token: code, timestamp: at.getTime(), window: 1 });
    if (delta === null) return false;
    return repo.useStep(db, userId, TOTP.counter({ period: PERIOD, timestamp: at.getTime() }) + delta);
  }

  async function issueRecoveryCodes(trx: Kysely<Database>, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      trx,
      userId,
      codes.map((code) => ({ id: newId(), code_hash: hashOpaqueToken(code) })),
    );
    return codes;
  }

  return {
    async status(user: UserRow) {
      const enabled = await repo.isTwoFactorOn(db, user.id);
      const { requireTwoFactorForAdmins } = await getSystemSettings(db);
      return {
        enabled,
        recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(db, user.id) : 0,
        required: requireTwoFactorForAdmins && isAdmin(user),
      };
    },

    /** A new secret to scan; two-factor stays off until `enable` gets a first code of it. */
    async setup(user: UserRow) {
      if (await repo.isTwoFactorOn(db, user.id)) throw conflict(M.alreadyOn);
      const secret = new Secret({ size: 20 }).base32;
      await repo.savePendingSecret(db, user.id, box.seal(secret), now().toISOString());
      const { siteName } = await getSystemSettings(db);
      const otpauthUrl = new TOTP({
        issuer: siteName,
        label: user.email,
        secret: Secret.fromBase32(secret),
        period: PERIOD,
        digits: 6,
      }).toString();
      return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
    },

    /**
     * Needs the password and a first code of the new secret, so a stolen session cannot turn it on
     * and lock the owner out. Every session of the account ends (credentials-changed.ts).
     */
    async enable(user: UserRow, password: string, code: string, ip: string): Promise<string[]> {
      const row = await repo.findTwoFactor(db, user.id);
      if (!row) throw conflict(M.setupFirst);
      if (row.enabled_at) throw conflict(M.alreadyOn);
      await assertPassword(user, password);
      if (code.includes("-") || !(await verifyCode(user.id, row.secret, code))) throw invalidCode();
      return db.transaction().execute(async (trx) => {
        await repo.enable(trx, user.id, now().toISOString());
        const codes = await issueRecoveryCodes(trx, user.id);
        // Real time, not the TOTP clock: the guard compares it with when tokens were signed.
        await credentialsChanged(trx, user.id, nowIso(), {
          type: "two_factor_enabled",
          title: "Two-factor sign-in turned on",
          ip,
        });
        return codes;
      });
    },

    /** Needs the password and a code (or a recovery code), so a left-open session cannot turn it off. */
    async disable(user: UserRow, password: string, code: string, ip: string) {
      const row = await repo.findTwoFactor(db, user.id);
      if (!row?.enabled_at) throw conflict(M.notOn);
      await assertPassword(user, password);
      if (!(await verifyCode(user.id, row.secret, code))) throw invalidCode();
      await db.transaction().execute(async (trx) => {
        await repo.removeTwoFactor(trx, user.id);
        await credentialsChanged(trx, user.id, nowIso(), {
          type: "two_factor_disabled",
          title: "Two-factor sign-in turned off",
          ip,
        });
      });
    },

    isOn: (userId: string) => repo.isTwoFactorOn(db, userId),

    /** After a right password: the token that the code must come with. */
    async startChallenge(userId: string): Promise<string> {
      const challenge = newOpaqueToken();
      const at = now();
      await repo.insertChallenge(db, {
        id: newId(),
        user_id: userId,
        token_hash: challenge.hash,
        expires_at: new Date(at.getTime() + TWO_FACTOR_CHALLENGE.minutes * 60_000).toISOString(),
        created_at: at.toISOString(),
      });
      return challenge.token;
    },

    /**
     * The user whose challenge this code answers; five wrong codes or five minutes end the challenge.
     * Wrong codes also count against the account's sign-in lock, which refuses every code while on.
     */
    async finishChallenge(token: string, code: string, lock: SignInLock): Promise<string> {
      const challenge = await repo.findChallenge(db, hashOpaqueToken(token));
      const at = now().toISOString();
      if (!challenge || !(await repo.countAttempt(db, challenge.id, TWO_FACTOR_CHALLENGE.attempts, at))) {
        throw badRequest(M.challengeExpired);
      }
      await lock.assertOpen(challenge.user_id);
      const row = await repo.findTwoFactor(db, challenge.user_id);
      if (!row?.enabled_at) throw badRequest(M.challengeExpired);
      if (!(await verifyCode(challenge.user_id, row.secret, code))) {
        await lock.recordFailure(challenge.user_id);
        throw invalidCode();
      }
      if (!(await repo.closeChallenge(db, challenge.id, at))) throw badRequest(M.challengeExpired);
      return challenge.user_id;
    },
  };
}
