import { MESSAGES, TWO_FACTOR_MESSAGES } from "@lms/contract";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { DEFAULT_PASSWORD, login, makeSignedInUser, makeUser } from "./support/factories.js";

let clock = Date.parse("2026-11-24T10:00:00.000Z");
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(clock) });
});
afterAll(() => t.close());

/** The code an authenticator app would show for `secret` at the test's clock, `steps` periods later. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock + steps * 30_000 });
const nextStep = () => {
  clock += 30_000;
};

const post = (url: string, auth: Record<string, string> | undefined, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });

async function turnOn(auth: Record<string, string>) {
  const setup = await post("/api/users/me/two-factor/setup", auth);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.json().data;
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const enabled = await post("/api/users/me/two-factor/enable", auth, {
    password: DEFAULT_PASSWORD,
    code: codeFor(secret),
  });
  expect(enabled.statusCode).toBe(200);
  nextStep();
  const { recoveryCodes, session } = enabled.json().data;
  // Turning it on ended every session; the answer's fresh one carries on.
  return { secret: secret as string, recoveryCodes: recoveryCodes as string[], auth: bearer(session.token) };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const signIn = (email: string, password = DEFAULT_PASSWORD) => post("/api/auth/login", undefined, { email, password });

describe("two-factor sign-in", () => {
  it("turns on only with a right first code, then sign-in asks for a code before any token", async () => {
    const user = await makeUser(t.db);
    const { auth } = await login(t.app, user);
    const password = DEFAULT_PASSWORD;
    const early = await post("/api/users/me/two-factor/enable", auth, { password, code: "123456" });
    expect(early.statusCode).toBe(409);
    const setup = (await post("/api/users/me/two-factor/setup", auth)).json().data;
    const wrong = await post("/api/users/me/two-factor/enable", auth, { password, code: codeFor(setup.secret, 10) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual(
      expect.objectContaining({ path: "code", msg: TWO_FACTOR_MESSAGES.codeInvalid.text }),
    );
    const status = (headers = auth) => t.app.inject({ method: "GET", url: "/api/users/me/two-factor", headers });
    expect((await status()).json().data.twoFactor).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const enabled = await post("/api/users/me/two-factor/enable", auth, { password, code: codeFor(setup.secret) });
    const codes: string[] = enabled.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const fresh = bearer(enabled.json().data.session.token);
    expect((await status(fresh)).json().data.twoFactor).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await post("/api/users/me/two-factor/setup", fresh)).statusCode).toBe(409);

    const stored = await t.db
      .selectFrom("user_two_factor")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    expect(stored?.secret).not.toContain(setup.secret);
    const storedCodes = await t.db.selectFrom("two_factor_recovery_codes").select("code_hash").execute();
    expect(storedCodes.map((c) => c.code_hash)).not.toContain(codes[0]);

    const first = await signIn(user.email);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.body).not.toContain("refreshToken");

    // The code that turned it on was spent; a code of this step signs in, once.
    const sameCode = await post("/api/auth/login/two-factor", undefined, {
      challenge: data.challenge,
      code: codeFor(setup.secret),
    });
    expect(sameCode.statusCode).toBe(400);
    nextStep();
    const done = await post("/api/auth/login/two-factor", undefined, {
      challenge: data.challenge,
      code: codeFor(setup.secret),
    });
    expect(done.statusCode).toBe(200);
    const token = done.json().data.token;
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    const again = await post("/api/auth/login/two-factor", undefined, {
      challenge: data.challenge,
      code: codeFor(setup.secret, 1),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired.text);
  });

  it("takes each recovery code once, allows a drift of one step, and ends a challenge after 5 minutes or 5 tries", async () => {
    const user = await makeUser(t.db);
    const { secret, recoveryCodes, auth } = await turnOn((await login(t.app, user)).auth);
    const challenge = async () => (await signIn(user.email)).json().data.challenge as string;
    const answer = (c: string, code: string) => post("/api/auth/login/two-factor", undefined, { challenge: c, code });

    expect((await answer(await challenge(), recoveryCodes[0].toUpperCase())).statusCode).toBe(200);
    expect((await answer(await challenge(), recoveryCodes[0])).statusCode).toBe(400);
    const status = await t.app.inject({ method: "GET", url: "/api/users/me/two-factor", headers: auth });
    expect(status.json().data.twoFactor.recoveryCodesLeft).toBe(9);

    // A code of the step before is taken (clock drift) unless that step was used already.
    expect((await answer(await challenge(), codeFor(secret, -1))).statusCode).toBe(400);
    nextStep();
    expect((await answer(await challenge(), codeFor(secret, -1))).statusCode).toBe(200);
    nextStep();
    expect((await answer(await challenge(), codeFor(secret, 2))).statusCode).toBe(400);

    const late = await challenge();
    clock += 5 * 60_000 + 1000;
    expect((await answer(late, codeFor(secret))).json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired.text);

    const guessed = await challenge();
    for (let i = 0; i < 5; i++) expect((await answer(guessed, "000000")).statusCode).toBe(400);
    nextStep();
    expect((await answer(guessed, codeFor(secret))).json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired.text);
    for (const code of ["12345", "1234567", "abc", "", "12 34 5x"]) {
      expect((await answer(await challenge(), code)).statusCode, code).toBe(400);
    }
  });

  it("turns off only with the password and a code; then sign-in gives tokens at once", async () => {
    const user = await makeUser(t.db);
    const { secret, auth } = await turnOn((await login(t.app, user)).auth);
    const off = (password: string, code: string) => post("/api/users/me/two-factor/disable", auth, { password, code });
    expect((await off("wrong", codeFor(secret))).json().errors).toContainEqual(
      expect.objectContaining({
        path: "password",
        msg: MESSAGES.invalidCredentials.text,
      }),
    );
    expect((await off(DEFAULT_PASSWORD, "000000")).statusCode).toBe(400);
    const done = await off(DEFAULT_PASSWORD, codeFor(secret));
    expect(done.statusCode).toBe(200);
    const fresh = bearer(done.json().data.session.token);
    const again = await post("/api/users/me/two-factor/disable", fresh, { password: DEFAULT_PASSWORD, code: "123456" });
    expect(again.statusCode).toBe(409);
    expect((await signIn(user.email)).json().data.token).toEqual(expect.any(String));
  });

  it("when required for admins, an admin without it may only set it up", async () => {
    const superAdmin = await turnOn((await makeSignedInUser(t.app, t.db, "super_admin")).auth);
    const settings = (
      await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: superAdmin.auth })
    ).json().data.settings;
    const on = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: superAdmin.auth,
      payload: { ...settings, requireTwoFactorForAdmins: true },
    });
    expect(on.statusCode).toBe(200);

    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const users = await t.app.inject({ method: "GET", url: "/api/admin/users", headers: admin.auth });
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe(TWO_FACTOR_MESSAGES.requiredForAdmins.text);
    for (const url of ["/api/auth/profile", "/api/users/me", "/api/users/me/two-factor", "/api/users/me/preferences"]) {
      expect((await t.app.inject({ method: "GET", url, headers: admin.auth })).statusCode, url).toBe(200);
    }
    const status = await t.app.inject({ method: "GET", url: "/api/users/me/two-factor", headers: admin.auth });
    expect(status.json().data.twoFactor.required).toBe(true);
    const learner = await makeSignedInUser(t.app, t.db);
    expect((await t.app.inject({ method: "GET", url: "/api/users/me", headers: learner.auth })).statusCode).toBe(200);

    const admin2fa = await turnOn(admin.auth);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users", headers: admin2fa.auth })).statusCode).toBe(
      200,
    );
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: superAdmin.auth,
      payload: { ...settings, requireTwoFactorForAdmins: false },
    });
  });
});
