import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/auth/login", () => {
  it("answers token, refreshToken and the user without secrets, and records lastLogin and a login activity", async () => {
    const user = await makeUser(t.db, { name: "Grace Hopper", role: "instructor" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.token.split(".")).toHaveLength(3);
    expect(body.data.refreshToken.length).toBeGreaterThan(30);
    expect(body.data.user).toMatchObject({ _id: user.id, name: "Grace Hopper", email: user.email, role: "instructor" });
    expect(body.data.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(body)).not.toContain("password");
    expect(body.data.user.lastLogin).not.toBeNull();

    const stored = await t.db
      .selectFrom("users")
      .select("last_login")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored.last_login).toBe(body.data.user.lastLogin);
    const activity = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("type", "=", "login")
      .execute();
    expect(activity).toHaveLength(1);
  });

  it("gives an unknown e-mail and a wrong password the same 401 message", async () => {
    const user = await makeUser(t.db);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "Wrong-password1" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.test", password: "Wrong-password1" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: MESSAGES.invalidCredentials.text,
      code: "MESSAGES.invalidCredentials",
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses a suspended account with 403 saying so, after checking the password", async () => {
    const user = await makeUser(t.db, { status: "suspended" });
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: user });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.accountSuspended.text);
    const wrongPassword = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "Not-the-password1" },
    });
    expect(wrongPassword.statusCode).toBe(401);
  });

  it("refuses an inactive account with 403 saying so", async () => {
    const user = await makeUser(t.db, { status: "inactive" });
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: user });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.accountInactive.text);
  });

  it.each([
    ["an empty body", {}],
    ["an empty e-mail", { email: "", password: "x" }],
    ["a number as password", { email: "a@b.c", password: 12345678 }],
    ["an oversized password", { email: "a@b.c", password: "x".repeat(5000) }],
  ])("answers 400 with errors for %s", async (_name, payload) => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(response.json().errors.length).toBeGreaterThan(0);
  });
});

describe("GET /api/auth/profile", () => {
  it("answers the signed-in user", async () => {
    const user = await makeUser(t.db, { name: "Profile Person" });
    const { auth } = await login(t.app, user);
    const response = await t.app.inject({ method: "GET", url: "/api/auth/profile", headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ _id: user.id, name: "Profile Person", status: "active" });
  });

  it.each([
    ["no header", undefined],
    ["a malformed token", "Bearer not-a-jwt"],
    [
      "a token signed with another key",
      "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMiLCJyb2xlIjoiYWRtaW4ifQ.c2lnbmF0dXJl",
    ],
    ["another scheme", "Basic abc"],
  ])("answers 401 with %s", async (_name, authorization) => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });

  it("cuts off a user at once when they are suspended, and when they are deleted", async () => {
    const suspended = await makeUser(t.db);
    const s = await login(t.app, suspended);
    await t.db.updateTable("users").set({ status: "suspended" }).where("id", "=", suspended.id).execute();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/profile", headers: s.auth })).statusCode).toBe(401);

    const deleted = await makeUser(t.db);
    const d = await login(t.app, deleted);
    await t.db.deleteFrom("users").where("id", "=", deleted.id).execute();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/profile", headers: d.auth })).statusCode).toBe(401);
  });
});
