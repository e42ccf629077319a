import { MESSAGES, USER_ADMIN_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let seq = 0;
const email = () => `invited-${Date.now()}-${seq++}@example.test`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

const create = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/admin/users", headers: admin.auth, payload });

/** Creates a user with an invitation and returns them with the token from the link in the e-mail. */
async function invite(name = "Ivy Invited") {
  const address = email();
  const before = t.mails.length;
  const response = await create({ name, email: address, sendInvitation: true });
  expect(response.statusCode).toBe(201);
  expect(response.json().message).toBe(USER_ADMIN_MESSAGES.invitationSent.text);
  await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
  const mail = t.mails.at(-1);
  expect(mail?.to).toBe(address);
  const match = mail?.text.match(/http:\/\/lms\.test\/reset-password\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error("no set-password link in the invitation");
  return { user: response.json().data.user as { _id: string; email: string }, token: match[1] };
}

const check = (token: string) => t.app.inject({ method: "GET", url: `/api/auth/reset-password/${token}` });
const setPassword = (token: string, password: string) =>
  t.app.inject({ method: "POST", url: `/api/auth/reset-password/${token}`, payload: { password } });

describe("an admin creates a user with an invitation", () => {
  it("needs no password and e-mails the user a set-password link", async () => {
    const { user } = await invite();
    expect(t.mails.at(-1)?.subject).toMatch(/account is ready/);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "!invited" },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it("still creates with a password and sends nothing when no invitation is asked for", async () => {
    const before = t.mails.length;
    const response = await create({ name: "Pat Password", email: email(), password: "Secret123" });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(USER_ADMIN_MESSAGES.created.text);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mails.length).toBe(before);
  });

  it("refuses neither a password nor an invitation, and both at once, with a field error", async () => {
    for (const payload of [
      { name: "No Way", email: email() },
      { name: "Both Ways", email: email(), password: "Secret123", sendInvitation: true },
    ]) {
      const response = await create(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual(
        expect.objectContaining({
          path: "password",
          msg: USER_ADMIN_MESSAGES.passwordOrInvitation.text,
        }),
      );
    }
  });
});

describe("the invitation link", () => {
  it("is told apart from a reset link, sets the password and answers a session", async () => {
    const { user, token } = await invite();
    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toEqual({ valid: true, email: user.email, purpose: "invite" });

    const done = await setPassword(token, "Chosen123");
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MESSAGES.invitationAccepted.text);
    const session = done.json().data as { token: string; user: { _id: string; lastLogin: string | null } };
    expect(session.user._id).toBe(user._id);
    expect(session.user.lastLogin).not.toBeNull();
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user.email).toBe(user.email);
  });

  it("marks the first visit until the user signs in a second time", async () => {
    const { user, token } = await invite();
    const first = (await setPassword(token, "Chosen123")).json().data;
    expect(first.user.firstVisit).toBe(true);
    const profile = (headers: { authorization: string }) =>
      t.app.inject({ method: "GET", url: "/api/auth/profile", headers });
    const firstProfile = await profile({ authorization: `Bearer ${first.token}` });
    expect(firstProfile.json().data.user.firstVisit).toBe(true);
    const again = await login(t.app, { email: user.email, password: "Chosen123" });
    expect((await profile(again.auth)).json().data.user.firstVisit).toBe(false);
  });

  it("says a used invitation is one, on the check and on a second use", async () => {
    const { token } = await invite();
    expect((await setPassword(token, "Chosen123")).statusCode).toBe(200);
    for (const response of [await check(token), await setPassword(token, "Other1234")]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.invitationExpired.text);
    }
  });

  it("says an expired invitation is one", async () => {
    const { user, token } = await invite();
    await t.db
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user._id)
      .execute();
    const response = await check(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.invitationExpired.text);
  });

  it("answers no session for a forgotten-password reset", async () => {
    const { user, token } = await invite();
    await setPassword(token, "Chosen123");
    const before = t.mails.length;
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1));
    const reset = t.mails.at(-1)?.text.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
    expect((await check(reset)).json().data.purpose).toBe("reset");
    const done = await setPassword(reset, "Again1234");
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: MESSAGES.resetSuccess.text });
  });
});

describe("a first visit", () => {
  it("is not one for an account given a password by an admin (as the demo accounts)", async () => {
    const user = await makeUser(t.db);
    const signedIn = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: user });
    expect(signedIn.json().data.user.firstVisit).toBe(false);
  });

  it("lasts for a self-registered learner until their next sign-in", async () => {
    const address = email();
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Reg Istered", email: address, password: "Chosen123" },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data.user.firstVisit).toBe(true);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: address, password: "Chosen123" },
    });
    expect(again.json().data.user.firstVisit).toBe(false);
  });
});
