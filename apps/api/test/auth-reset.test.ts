import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });

/** Asks for a reset and returns the token from the link in the e-mail. */
async function requestReset(email: string): Promise<string> {
  const before = t.mails.length;
  expect((await forgot(email)).statusCode).toBe(200);
  await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
  const match = t.mails.at(-1)?.text.match(/http:\/\/lms\.test\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error("no reset link in the e-mail");
  return match[1];
}

describe("password reset", () => {
  it("answers the same whether or not the e-mail exists, and mails only existing accounts", async () => {
    const user = await makeUser(t.db);
    const before = t.mails.length;
    const known = await forgot(user.email);
    const unknown = await forgot("nobody-here@example.test");
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    expect(t.mails.at(-1)?.to).toBe(user.email);
    expect(t.mails.at(-1)?.text).toContain("http://lms.test/reset-password/");
  });

  it("validates a fresh token with GET, sets the password with POST, then the token is spent", async () => {
    const user = await makeUser(t.db);
    const token = await requestReset(user.email);
    const check = await t.app.inject({ method: "GET", url: `/api/auth/reset-password/${token}` });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toEqual({ valid: true, email: user.email, purpose: "reset" });

    const reset = await t.app.inject({
      method: "POST",
      url: `/api/auth/reset-password/${token}`,
      payload: { password: "newpw1" },
    });
    expect(reset.statusCode).toBe(200);
    await login(t.app, { email: user.email, password: "newpw1" });
    const old = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: user });
    expect(old.statusCode).toBe(401);

    const again = await t.app.inject({
      method: "POST",
      url: `/api/auth/reset-password/${token}`,
      payload: { password: "another1" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.invalidOrExpiredResetLink.text);
    expect((await t.app.inject({ method: "GET", url: `/api/auth/reset-password/${token}` })).statusCode).toBe(400);

    const activity = await t.db.selectFrom("activities").select("type").where("user_id", "=", user.id).execute();
    expect(activity.map((a) => a.type)).toContain("password_reset");
  });

  it("revokes every refresh token of the user", async () => {
    const user = await makeUser(t.db);
    const session = await login(t.app, user);
    const token = await requestReset(user.email);
    await t.app.inject({ method: "POST", url: `/api/auth/reset-password/${token}`, payload: { password: "newpw1" } });
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("refuses an expired token and an unknown token", async () => {
    const user = await makeUser(t.db);
    const token = await requestReset(user.email);
    await t.db
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const expired = await t.app.inject({
      method: "POST",
      url: `/api/auth/reset-password/${token}`,
      payload: { password: "newpw1" },
    });
    expect(expired.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/reset-password/nope" })).statusCode).toBe(400);
  });

  it("requires at least 6 characters", async () => {
    const user = await makeUser(t.db);
    const token = await requestReset(user.email);
    const short = await t.app.inject({
      method: "POST",
      url: `/api/auth/reset-password/${token}`,
      payload: { password: "12345" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual(
      expect.objectContaining({ path: "password", msg: MESSAGES.resetPasswordTooShort.text }),
    );
  });

  it("keeps reset tokens valid for one hour and stores them hashed", async () => {
    const user = await makeUser(t.db);
    const before = Date.now();
    const token = await requestReset(user.email);
    const row = await t.db
      .selectFrom("password_reset_tokens")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    const minutes = (Date.parse(row.expires_at) - before) / 60_000;
    expect(minutes).toBeGreaterThan(59.9);
    expect(minutes).toBeLessThan(60.5);
  });

  it("rejects a malformed e-mail with 400", async () => {
    expect((await forgot("not-an-email")).statusCode).toBe(400);
  });
});
