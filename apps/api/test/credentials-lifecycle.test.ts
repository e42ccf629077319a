import {
  MESSAGES,
  PROFILE_MESSAGES,
  SECURITY_ACTIVITY_TYPES,
  TWO_FACTOR_MESSAGES,
  USER_ADMIN_MESSAGES,
} from "@lms/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logActivity } from "../src/modules/activities/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { DEFAULT_PASSWORD, login, makeSignedInUser, makeUser } from "./support/factories.js";

// The two-factor clock starts at the real time (the outbox that sends the mails runs on it too) and
// moves one TOTP step per code, so no code is refused as already used.
let clock = Date.now();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(clock) });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
interface Session {
  auth: Headers;
  refreshToken: string;
}
type User = Awaited<ReturnType<typeof makeUser>>;

const NEW_PASSWORD = "N3wPassword";
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const post = (url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method: "POST", url, headers, payload });
const me = (auth: Headers) => t.app.inject({ method: "GET", url: "/api/users/me", headers: auth });
const refresh = (refreshToken: string) => post("/api/auth/refresh-token", undefined, { refreshToken });
const entriesOf = (userId: string, type: string) =>
  t.db.selectFrom("activities").selectAll().where("user_id", "=", userId).where("type", "=", type).execute();

/** A code of the next TOTP step. */
function nextCode(secret: string): string {
  clock += 30_000;
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock });
}

/** A new session of the user; answers the two-factor challenge when `secret` is given. */
async function signIn(user: User, secret?: string): Promise<Session> {
  if (!secret) return login(t.app, user);
  const challenge = (await post("/api/auth/login", undefined, { email: user.email, password: user.password })).json()
    .data.challenge;
  const done = await post("/api/auth/login/two-factor", undefined, { challenge, code: nextCode(secret) });
  expect(done.statusCode).toBe(200);
  const { token, refreshToken } = done.json().data;
  return { auth: bearer(token), refreshToken };
}

/** Sets two-factor up and turns it on with the password; the answer's fresh session and the secret. */
async function turnOnTwoFactor(auth: Headers) {
  const secret: string = (await post("/api/users/me/two-factor/setup", auth)).json().data.secret;
  const enabled = await post("/api/users/me/two-factor/enable", auth, {
    password: DEFAULT_PASSWORD,
    code: nextCode(secret),
  });
  expect(enabled.statusCode).toBe(200);
  const { session, recoveryCodes } = enabled.json().data;
  return { secret, auth: bearer(session.token), recoveryCodes: recoveryCodes as string[] };
}

async function linkFromMail(to: string, pattern: RegExp, before: number): Promise<string> {
  let link: string | undefined;
  await vi.waitFor(() => {
    link = t.mails
      .slice(before)
      .find((mail) => mail.to === to)
      ?.text.match(pattern)?.[1];
    expect(link).toBeDefined();
  });
  return link as string;
}

async function requestReset(email: string): Promise<string> {
  const before = t.mails.length;
  expect((await post("/api/auth/forgot-password", undefined, { email })).statusCode).toBe(200);
  return linkFromMail(email, /http:\/\/lms\.test\/reset-password\/([A-Za-z0-9_-]+)/, before);
}

async function requestEmailChange(auth: Headers, newEmail: string): Promise<string> {
  const before = t.mails.length;
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/users/me/email",
    headers: auth,
    payload: { newEmail, currentPassword: DEFAULT_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return linkFromMail(newEmail, /http:\/\/lms\.test\/confirm-email\/([A-Za-z0-9_-]+)/, before);
}

const resetWith = (token: string) => post(`/api/auth/reset-password/${token}`, undefined, { password: NEW_PASSWORD });
const confirmEmail = (token: string) => post(`/api/auth/confirm-email/${token}`);

interface Account {
  user: User;
  /** The session the change is made from, and another device's. */
  here: Session;
  elsewhere: Session;
  secret?: string;
}

/** Each way credentials change, made by the account's user (from `here`) or by an admin. */
const CHANGES: { name: string; twoFactorFirst?: boolean; change: (account: Account) => Promise<void> }[] = [
  {
    name: "own password change",
    async change({ here }) {
      const response = await t.app.inject({
        method: "PUT",
        url: "/api/users/me/password",
        headers: here.auth,
        payload: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    },
  },
  {
    name: "password reset",
    async change({ user }) {
      expect((await resetWith(await requestReset(user.email))).statusCode).toBe(200);
    },
  },
  {
    name: "password set by an admin",
    async change({ user }) {
      const admin = await makeSignedInUser(t.app, t.db, "admin");
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/admin/users/${user.id}`,
        headers: admin.auth,
        payload: { password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    },
  },
  {
    name: "e-mail address set by an admin",
    async change({ user }) {
      const admin = await makeSignedInUser(t.app, t.db, "admin");
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/admin/users/${user.id}`,
        headers: admin.auth,
        payload: { email: `by-admin.${user.email}` },
      });
      expect(response.statusCode).toBe(200);
    },
  },
  {
    name: "e-mail change",
    async change({ user, here }) {
      const token = await requestEmailChange(here.auth, `changed.${user.email}`);
      expect((await confirmEmail(token)).statusCode).toBe(200);
    },
  },
  {
    name: "two-factor turned on",
    async change({ here }) {
      await turnOnTwoFactor(here.auth);
    },
  },
  {
    name: "two-factor turned off",
    twoFactorFirst: true,
    async change({ here, secret }) {
      const off = await post("/api/users/me/two-factor/disable", here.auth, {
        password: DEFAULT_PASSWORD,
        code: nextCode(secret as string),
      });
      expect(off.statusCode).toBe(200);
    },
  },
];

describe("a credentials change ends everything the old credentials opened", () => {
  it.each(CHANGES)("$name: old access and refresh tokens, reset links and e-mail-change links", async (c) => {
    const user = await makeUser(t.db);
    const secret = c.twoFactorFirst ? (await turnOnTwoFactor((await login(t.app, user)).auth)).secret : undefined;
    const here = await signIn(user, secret);
    const elsewhere = await signIn(user, secret);
    const pendingReset = await requestReset(user.email);
    const pendingEmailChange = await requestEmailChange(elsewhere.auth, `pending.${user.email}`);

    await c.change({ user, here, elsewhere, secret });

    for (const session of [here, elsewhere]) {
      expect((await me(session.auth)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
    const reset = await t.app.inject({ method: "GET", url: `/api/auth/reset-password/${pendingReset}` });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(MESSAGES.invalidOrExpiredResetLink.text);
    expect((await resetWith(pendingReset)).statusCode).toBe(400);
    const confirm = await confirmEmail(pendingEmailChange);
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe(PROFILE_MESSAGES.emailChangeInvalid.text);
  });

  it("refuses a second reset link once the first was used", async () => {
    const user = await makeUser(t.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await resetWith(first)).statusCode).toBe(200);
    const again = await post(`/api/auth/reset-password/${second}`, undefined, { password: "An0therPassword" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.invalidOrExpiredResetLink.text);
    await login(t.app, { email: user.email, password: NEW_PASSWORD });
  });

  it("keeps the self-service caller signed in with the fresh session it answers", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const on = await turnOnTwoFactor(auth);
    expect((await me(on.auth)).statusCode).toBe(200);
    const off = await post("/api/users/me/two-factor/disable", on.auth, {
      password: DEFAULT_PASSWORD,
      code: nextCode(on.secret),
    });
    const fresh = off.json().data.session;
    expect(fresh.user._id).toBe(user.id);
    expect((await me(bearer(fresh.token))).statusCode).toBe(200);
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    expect(await entriesOf(user.id, "two_factor_enabled")).toHaveLength(1);
    expect(await entriesOf(user.id, "two_factor_disabled")).toHaveLength(1);
  });
});

describe("turning two-factor on", () => {
  it("needs the current password: missing is a 400 field error, wrong is refused, nothing turns on", async () => {
    const { auth } = await makeSignedInUser(t.app, t.db);
    const secret: string = (await post("/api/users/me/two-factor/setup", auth)).json().data.secret;
    const missing = await post("/api/users/me/two-factor/enable", auth, { code: nextCode(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual(
      expect.objectContaining({ path: "password", msg: TWO_FACTOR_MESSAGES.passwordRequired.text }),
    );
    const wrong = await post("/api/users/me/two-factor/enable", auth, { password: "wrong", code: nextCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual(
      expect.objectContaining({ path: "password", msg: MESSAGES.invalidCredentials.text }),
    );
    const status = await t.app.inject({ method: "GET", url: "/api/users/me/two-factor", headers: auth });
    expect(status.json().data.twoFactor.enabled).toBe(false);
  });
});

describe("signing out", () => {
  it("logout ends its own access token at once; the user's other session stays", async () => {
    const user = await makeUser(t.db);
    const here = await login(t.app, user);
    const elsewhere = await login(t.app, user);
    const out = await post("/api/auth/logout", here.auth, { refreshToken: here.refreshToken });
    expect(out.statusCode).toBe(200);
    expect((await me(here.auth)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(401);
    expect((await me(elsewhere.auth)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(200);
  });

  it("sign out of all other devices ends the others and keeps the caller with a fresh session", async () => {
    const user = await makeUser(t.db);
    const here = await login(t.app, user);
    const elsewhere = await login(t.app, user);
    const response = await post("/api/users/me/sign-out-others", here.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(PROFILE_MESSAGES.signedOutOthers.text);
    for (const session of [here, elsewhere]) {
      expect((await me(session.auth)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
    const fresh = response.json().data;
    expect((await me(bearer(fresh.token))).statusCode).toBe(200);
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    expect(await entriesOf(user.id, "signed_out_everywhere")).toHaveLength(1);
  });
});

describe("admins' help with a user's account", () => {
  const signOutEverywhere = (auth: Headers, id: string) => post(`/api/admin/users/${id}/sign-out-everywhere`, auth);
  const resetTwoFactor = (auth: Headers, id: string) => post(`/api/admin/users/${id}/two-factor/reset`, auth);
  const adminActions = async (adminId: string, action: string) =>
    (await entriesOf(adminId, "admin_action")).filter((entry) => JSON.parse(entry.metadata ?? "{}").action === action);

  it("sign out everywhere ends every session of the user and is logged as an admin action", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const user = await makeUser(t.db, { role: "instructor" });
    const sessions = [await login(t.app, user), await login(t.app, user)];
    const response = await signOutEverywhere(admin.auth, user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(USER_ADMIN_MESSAGES.signedOutEverywhere.text);
    for (const session of sessions) {
      expect((await me(session.auth)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    }
    const logged = await adminActions(admin.user.id, "user_sign_out_everywhere");
    expect(logged.map((entry) => JSON.parse(entry.metadata ?? "{}").targetId)).toEqual([user.id]);
    expect(await entriesOf(user.id, "signed_out_everywhere")).toHaveLength(1);
    expect((await signOutEverywhere(admin.auth, "0123456789abcdef01234567")).statusCode).toBe(404);
  });

  it("reset two-factor turns it off, ends every session, and is logged as an admin action", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const user = await makeUser(t.db);
    const { secret } = await turnOnTwoFactor((await login(t.app, user)).auth);
    const session = await signIn(user, secret);
    const response = await resetTwoFactor(admin.auth, user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(TWO_FACTOR_MESSAGES.resetByAdmin.text);
    expect((await me(session.auth)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    // The password alone signs in again.
    expect((await post("/api/auth/login", undefined, user)).json().data.token).toEqual(expect.any(String));
    expect(await adminActions(admin.user.id, "user_two_factor_reset")).toHaveLength(1);
    expect(await entriesOf(user.id, "two_factor_disabled")).toHaveLength(1);
    const again = await resetTwoFactor(admin.auth, user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.notOn.text);
  });

  it("a plain admin may not do either to an admin or a super admin; a super admin may", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
    for (const role of ["admin", "super_admin"] as const) {
      const target = await makeUser(t.db, { role });
      const { secret } = await turnOnTwoFactor((await login(t.app, target)).auth);
      const session = await signIn(target, secret);
      for (const call of [signOutEverywhere, resetTwoFactor]) {
        const refused = await call(admin.auth, target.id);
        expect(refused.statusCode, role).toBe(403);
        expect(refused.json().message).toBe(USER_ADMIN_MESSAGES.adminsBySuperAdmin.text);
      }
      // Nothing happened: the refused calls ended no session and left two-factor on.
      expect((await refresh(session.refreshToken)).statusCode).toBe(200);
      expect((await resetTwoFactor(superAdmin.auth, target.id)).statusCode).toBe(200);
      expect((await signOutEverywhere(superAdmin.auth, target.id)).statusCode).toBe(200);
    }
    expect(await adminActions(admin.user.id, "user_two_factor_reset")).toHaveLength(0);
  });

  it("instructors and learners are refused", async () => {
    const target = await makeUser(t.db);
    for (const role of ["instructor", "learner"] as const) {
      const caller = await makeSignedInUser(t.app, t.db, role);
      expect((await signOutEverywhere(caller.auth, target.id)).statusCode, role).toBe(403);
      expect((await resetTwoFactor(caller.auth, target.id)).statusCode, role).toBe(403);
    }
  });
});

describe("security events", () => {
  it("are their own types the account's user cannot delete; admins see them in the activity log", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    for (const type of SECURITY_ACTIVITY_TYPES) await logActivity(t.db, { userId: user.id, type, title: type });
    await logActivity(t.db, { userId: user.id, type: "course_view", title: "Viewed" });
    const entries = await t.db.selectFrom("activities").select(["id", "type"]).where("user_id", "=", user.id).execute();
    for (const entry of entries.filter((e) => e.type !== "login")) {
      const response = await t.app.inject({ method: "DELETE", url: `/api/activities/${entry.id}`, headers: auth });
      expect(response.statusCode, entry.type).toBe(entry.type === "course_view" ? 200 : 403);
    }
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const log = await t.app.inject({
      method: "GET",
      url: `/api/admin/activity-logs?userId=${user.id}&limit=100`,
      headers: admin.auth,
    });
    expect(log.statusCode).toBe(200);
    const types = log.json().data.activities.map((entry: { type: string }) => entry.type);
    expect(types).toEqual(expect.arrayContaining([...SECURITY_ACTIVITY_TYPES]));
  });

  it("a recovery code used to sign in is logged as one", async () => {
    const user = await makeUser(t.db);
    const { recoveryCodes } = await turnOnTwoFactor((await login(t.app, user)).auth);
    const challenge = (await post("/api/auth/login", undefined, user)).json().data.challenge;
    const done = await post("/api/auth/login/two-factor", undefined, { challenge, code: recoveryCodes[0] });
    expect(done.statusCode).toBe(200);
    expect(await entriesOf(user.id, "recovery_code_used")).toHaveLength(1);
  });
});
