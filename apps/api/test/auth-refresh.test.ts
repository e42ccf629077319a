import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/refresh-token", payload: { refreshToken } });

describe("POST /api/auth/refresh-token", () => {
  it("rotates: answers a new working pair, and the old refresh token stops working", async () => {
    const user = await makeUser(t.db);
    const first = await login(t.app, user);
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    const { data, success } = response.json();
    expect(success).toBe(true);
    expect(data.refreshToken).not.toBe(first.refreshToken);
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(profile.json().data.user._id).toBe(user.id);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
  });

  it("revokes the whole token family when a used refresh token is presented again", async () => {
    const user = await makeUser(t.db);
    const first = await login(t.app, user);
    const second = (await refresh(first.refreshToken)).json().data;
    const stolenReplay = await refresh(first.refreshToken);
    expect(stolenReplay.statusCode).toBe(401);
    // The legitimate holder's newer token is now revoked too.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it("leaves other sessions of the same user alone on reuse detection", async () => {
    const user = await makeUser(t.db);
    const laptop = await login(t.app, user);
    const phone = await login(t.app, user);
    await refresh(laptop.refreshToken);
    await refresh(laptop.refreshToken);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
  });

  it("refuses unknown, expired, and suspended users' tokens, and a bad body", async () => {
    expect((await refresh("made-up-token")).statusCode).toBe(401);

    const user = await makeUser(t.db);
    const session = await login(t.app, user);
    await t.db
      .updateTable("refresh_tokens")
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where("user_id", "=", user.id)
      .execute();
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);

    const suspended = await makeUser(t.db);
    const s = await login(t.app, suspended);
    await t.db.updateTable("users").set({ status: "suspended" }).where("id", "=", suspended.id).execute();
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);

    const bad = await t.app.inject({ method: "POST", url: "/api/auth/refresh-token", payload: { refreshToken: 42 } });
    expect(bad.statusCode).toBe(400);
  });

  it("gives a refresh token the lifetime of the sessionTimeout setting", async () => {
    await saveSystemSettings(t.db, { sessionTimeout: 45 });
    const user = await makeUser(t.db);
    const before = Date.now();
    await login(t.app, user);
    const row = await t.db
      .selectFrom("refresh_tokens")
      .select("expires_at")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    const minutes = (Date.parse(row.expires_at) - before) / 60_000;
    expect(minutes).toBeGreaterThan(44.9);
    expect(minutes).toBeLessThan(45.5);
    await saveSystemSettings(t.db, { sessionTimeout: 30 });
  });

  it("stores refresh tokens only as hashes", async () => {
    const user = await makeUser(t.db);
    const session = await login(t.app, user);
    const rows = await t.db.selectFrom("refresh_tokens").select("token_hash").where("user_id", "=", user.id).execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(session.refreshToken);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the presented refresh token and logs a logout activity", async () => {
    const user = await makeUser(t.db);
    const session = await login(t.app, user);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: session.auth,
      payload: { refreshToken: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    const activity = await t.db.selectFrom("activities").select("type").where("user_id", "=", user.id).execute();
    expect(activity.map((a) => a.type)).toEqual(expect.arrayContaining(["login", "logout"]));
  });

  it("cannot revoke another user's refresh token", async () => {
    const victim = await login(t.app, await makeUser(t.db));
    const attacker = await login(t.app, await makeUser(t.db));
    await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: attacker.auth,
      payload: { refreshToken: victim.refreshToken },
    });
    expect((await refresh(victim.refreshToken)).statusCode).toBe(200);
  });

  it("requires authentication", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", payload: {} })).statusCode).toBe(401);
  });
});
