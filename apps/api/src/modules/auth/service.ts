import {
  type AuthSession,
  LIMITS,
  MESSAGES,
  type RegisterRequest,
  SETTINGS_MESSAGES,
  type TwoFactorChallenge,
} from "@lms/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { AccessTokens, VerifiedClaims } from "../../auth/access-tokens.js";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../auth/passwords.js";
import { revokeAccessToken } from "../../auth/revoked-access-tokens.js";
import { hashOpaqueToken, newOpaqueToken } from "../../auth/secrets.js";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { AppError, badRequest, conflict, fieldError, forbidden, unauthorized } from "../../http/errors.js";
import { isAdmin } from "../../policies/index.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { logActivity } from "../activities/repo.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { getSystemSettings } from "../settings/repo.js";
import type { TwoFactorService } from "../two-factor/service.js";
import { assertRoomForUsers } from "../users/capacity.js";
import { presentUser } from "../users/present.js";
import { findUserByEmail, findUserById, insertUser, type UserRow, updateUser } from "../users/repo.js";
import { credentialsChanged } from "./credentials-changed.js";
import * as repo from "./repo.js";
import { passwordResetEmail } from "./reset-email.js";
import type { SignInLock } from "./sign-in-lock.js";

export interface AuthServiceDeps {
  db: Kysely<Database>;
  tokens: AccessTokens;
  mail: MailQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
  twoFactor: TwoFactorService;
  signer: UrlSigner;
  lock: SignInLock;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, tokens, mail, publicUrl, log, twoFactor, signer, lock }: AuthServiceDeps) {
  /**
   * A refresh token lives for the system setting `sessionTimeout` (minutes) and is rotated on every
   * use, so a session ends after that much inactivity.
   */
  async function issueTokens(user: UserRow, familyId = newId()) {
    const { sessionTimeout } = await getSystemSettings(db);
    const refresh = newOpaqueToken();
    await repo.insertRefreshToken(db, {
      id: newId(),
      user_id: user.id,
      family_id: familyId,
      token_hash: refresh.hash,
      expires_at: minutesFromNow(sessionTimeout),
      created_at: nowIso(),
    });
    const token = await tokens.sign({ sub: user.id, role: user.role as AuthSession["user"]["role"] });
    return { token, refreshToken: refresh.token };
  }

  /**
   * The user as they see themselves, with `firstVisit`: someone who registered or accepted an
   * invitation, until they sign in again. (Accounts given a password by an admin, like the demo
   * accounts, are taken as returning.)
   */
  async function presentSelf(user: UserRow) {
    const [signIns, invitation] = await Promise.all([
      db
        .selectFrom("activities")
        .select("id")
        .where("user_id", "=", user.id)
        .where("type", "=", "login")
        .limit(2)
        .execute(),
      db
        .selectFrom("password_reset_tokens")
        .select("id")
        .where("user_id", "=", user.id)
        .where("purpose", "=", "invite")
        .where("used_at", "is not", null)
        .executeTakeFirst(),
    ]);
    const registered = user.last_login === user.created_at;
    const firstVisit = registered || (invitation !== undefined && signIns.length < 2);
    return { ...presentUser(user, signer), firstVisit };
  }

  async function session(user: UserRow): Promise<AuthSession> {
    return { ...(await issueTokens(user)), user: await presentSelf(user) };
  }

  function assertActive(user: UserRow): void {
    if (user.status === "suspended") throw forbidden(MESSAGES.accountSuspended);
    if (user.status !== "active") throw forbidden(MESSAGES.accountInactive);
  }

  async function assertMaySignIn(user: UserRow): Promise<void> {
    assertActive(user);
    // Admins sign in during maintenance so they can end it; everyone else is told to come back.
    if (!isAdmin(user) && (await getSystemSettings(db)).maintenanceMode) {
      throw new AppError(503, SETTINGS_MESSAGES.maintenance);
    }
  }

  async function signedIn(user: UserRow, ip: string): Promise<AuthSession> {
    await lock.clear(user.id);
    const lastLogin = nowIso();
    await updateUser(db, user.id, { last_login: lastLogin });
    await logActivity(db, { userId: user.id, type: "login", title: "Signed in", ip });
    return session({ ...user, last_login: lastLogin });
  }

  return {
    /** A new session (tokens and user) for someone whose credentials were just checked. */
    startSession: session,
    presentSelf,

    /** A session, or for an account with two-factor sign-in a challenge that its code must answer. */
    async login(email: string, password: string, ip: string): Promise<AuthSession | TwoFactorChallenge> {
      const user = await findUserByEmail(db, email);
      // A locked account is refused before its hash is checked: even the right password waits.
      if (user) await lock.assertOpen(user.id);
      // Verify against a dummy hash for unknown e-mails so both failures take the same time.
      const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
      if (user && !valid) await lock.recordFailure(user.id);
      if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials);
      await assertMaySignIn(user);
      if (await twoFactor.isOn(user.id)) {
        return { twoFactorRequired: true, challenge: await twoFactor.startChallenge(user.id) };
      }
      return signedIn(user, ip);
    },

    /** The second step of a two-factor sign-in. */
    async loginWithCode(challenge: string, code: string, ip: string): Promise<AuthSession> {
      const user = await findUserById(db, await twoFactor.finishChallenge(challenge, code, lock));
      if (!user) throw unauthorized(MESSAGES.invalidCredentials);
      await assertMaySignIn(user);
      return signedIn(user, ip);
    },

    async register(input: RegisterRequest): Promise<AuthSession> {
      const { registrationEnabled, startingCredits } = await getSystemSettings(db);
      if (!registrationEnabled) throw forbidden(MESSAGES.registrationDisabled);
      const taken = () => conflict(MESSAGES.emailTaken, [fieldError("email", MESSAGES.emailTaken)]);
      if (await findUserByEmail(db, input.email)) throw taken();
      await assertRoomForUsers(db);
      const now = nowIso();
      const user: UserRow = {
        id: newId(),
        name: input.name,
        email: input.email,
        password_hash: await hashPassword(input.password),
        role: "learner",
        status: "active",
        credits: startingCredits,
        email_verified: 0,
        last_login: now,
        bio: null,
        location: null,
        phone: null,
        website: null,
        avatar: null,
        sessions_valid_after: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await insertUser(db, user);
      } catch (error) {
        // Two registrations racing for one e-mail: the unique index decides.
        if (await findUserByEmail(db, input.email)) throw taken();
        throw error;
      }
      return session(user);
    },

    async refresh(refreshToken: string) {
      const row = await repo.findRefreshToken(db, hashOpaqueToken(refreshToken));
      if (!row) throw unauthorized(MESSAGES.invalidRefreshToken);
      const now = nowIso();
      // Ended by sign-out, a password change or a suspension: simply no longer valid.
      if (row.revoked_at) throw unauthorized(MESSAGES.invalidRefreshToken);
      if (row.used_at) {
        // A rotated token came back: someone holds a copy. End the whole session family.
        await repo.revokeRefreshFamily(db, row.family_id, now);
        log.warn({ userId: row.user_id }, "refresh token reuse detected; session family revoked");
        throw unauthorized(MESSAGES.invalidRefreshToken);
      }
      if (row.expires_at <= now) throw unauthorized(MESSAGES.invalidRefreshToken);
      const user = await findUserById(db, row.user_id);
      if (user?.status !== "active") throw unauthorized(MESSAGES.invalidRefreshToken);
      if (!(await repo.markRefreshTokenUsed(db, row.id, now))) {
        await repo.revokeRefreshFamily(db, row.family_id, now);
        throw unauthorized(MESSAGES.invalidRefreshToken);
      }
      return issueTokens(user, row.family_id);
    },

    /** Ends this session only: its refresh token family, and its access token at once (`jti` listed as revoked). */
    async logout(refreshToken: string | undefined, user: UserRow, access: VerifiedClaims, ip: string): Promise<void> {
      await revokeAccessToken(db, access.jti, access.expiresAt);
      if (refreshToken) {
        const row = await repo.findRefreshToken(db, hashOpaqueToken(refreshToken));
        if (row && row.user_id === user.id) await repo.revokeRefreshFamily(db, row.family_id, nowIso());
      }
      await logActivity(db, { userId: user.id, type: "logout", title: "Signed out", ip });
    },

    /** Answers the same whether or not the e-mail exists; the e-mail is queued with its token and sent by a job. */
    async forgotPassword(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (user?.status !== "active") return;
      const reset = newOpaqueToken();
      const link = `${publicUrl}/reset-password/${reset.token}`;
      await db.transaction().execute(async (trx) => {
        await repo.insertResetToken(trx, {
          id: newId(),
          user_id: user.id,
          token_hash: reset.hash,
          expires_at: minutesFromNow(LIMITS.resetTokenMinutes),
          created_at: nowIso(),
        });
        await mail.send("security", (siteName) => passwordResetEmail(user, link, siteName), trx);
      });
      mail.deliverSoon();
    },

    /** An expired or used invitation says it is one, so the invited user knows what to do next. */
    async checkResetToken(
      token: string,
    ): Promise<{ email: string; userId: string; id: string; purpose: "reset" | "invite" }> {
      const row = await repo.findResetToken(db, hashOpaqueToken(token));
      const invalid = () =>
        badRequest(row?.purpose === "invite" ? MESSAGES.invitationExpired : MESSAGES.invalidOrExpiredResetLink);
      if (!row || row.used_at || row.expires_at <= nowIso()) throw invalid();
      const user = await findUserById(db, row.user_id);
      if (!user) throw invalid();
      return { email: user.email, userId: user.id, id: row.id, purpose: row.purpose === "invite" ? "invite" : "reset" };
    },

    /**
     * Sets the password of a reset or invitation link. An invitation's user is signed in at once
     * (a session is answered) unless they may not sign in now or need a second factor.
     */
    async resetPassword(token: string, password: string, ip: string): Promise<AuthSession | null> {
      const { userId, id, purpose } = await this.checkResetToken(token);
      const passwordHash = await hashPassword(password);
      const invalid = purpose === "invite" ? MESSAGES.invitationExpired : MESSAGES.invalidOrExpiredResetLink;
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (!(await repo.markResetTokenUsed(trx, id, now))) throw badRequest(invalid);
        await trx
          .updateTable("users")
          .set({ password_hash: passwordHash, updated_at: now })
          .where("id", "=", userId)
          .execute();
        await credentialsChanged(trx, userId, now, { type: "password_reset", title: "Password reset", ip });
      });
      // Whoever can read the account's e-mail may sign in again at once.
      await lock.clear(userId);
      if (purpose !== "invite") return null;
      const user = await findUserById(db, userId);
      if (user?.status !== "active" || (await twoFactor.isOn(userId))) return null;
      if (!isAdmin(user) && (await getSystemSettings(db)).maintenanceMode) return null;
      return signedIn(user, ip);
    },
  };
}
