import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/auth/register", payload });
const valid = (email: string) => ({ name: "New Learner", email, password: "Secret123" });

describe("POST /api/auth/register", () => {
  it("creates an active learner with 0 credits and signs them in", async () => {
    const response = await register({ ...valid("New.Person@Example.test"), role: "admin" });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.user).toMatchObject({
      email: "new.person@example.test",
      role: "learner",
      status: "active",
      credits: 0,
    });
    const profile = await t.app.inject({
      method: "GET",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(profile.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "new.person@example.test")
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("answers 409 when the e-mail is taken, in any letter case", async () => {
    const existing = await makeUser(t.db);
    const response = await register(valid(existing.email.toUpperCase()));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: MESSAGES.emailTaken.text });
  });

  it.each([
    [{ name: "", email: "a@b.test", password: "Secret123" }, "name", MESSAGES.nameRequired.text],
    [{ name: "A", email: "a@b.test", password: "Secret123" }, "name", MESSAGES.nameTooShort.text],
    [{ name: "A".repeat(51), email: "a@b.test", password: "Secret123" }, "name", MESSAGES.nameTooLong.text],
    [{ name: "R2 D2", email: "a@b.test", password: "Secret123" }, "name", MESSAGES.nameLetters.text],
    [{ name: "Ann Lee", email: "", password: "Secret123" }, "email", MESSAGES.emailRequired.text],
    [{ name: "Ann Lee", email: "not-an-email", password: "Secret123" }, "email", MESSAGES.emailInvalid.text],
    [{ name: "Ann Lee", email: "a@b.test" }, "password", MESSAGES.passwordRequired.text],
    [{ name: "Ann Lee", email: "a@b.test", password: "Se1" }, "password", MESSAGES.passwordTooShort.text],
    [{ name: "Ann Lee", email: "a@b.test", password: "SECRET123" }, "password", MESSAGES.passwordLower.text],
    [{ name: "Ann Lee", email: "a@b.test", password: "secret123" }, "password", MESSAGES.passwordUpper.text],
    [{ name: "Ann Lee", email: "a@b.test", password: "SecretPass" }, "password", MESSAGES.passwordDigit.text],
  ])("refuses %j with the spec's message on %s", async (payload, path, msg) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ path, msg }));
  });

  it("accepts names with accented letters", async () => {
    expect((await register({ ...valid("zoe@example.test"), name: "Zoë Ångström" })).statusCode).toBe(201);
  });

  it("is refused with 403 while registration is disabled, and with 403 when maxUsers is reached", async () => {
    await saveSystemSettings(t.db, { registrationEnabled: false });
    const closed = await register(valid("closed@example.test"));
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(MESSAGES.registrationDisabled.text);
    await saveSystemSettings(t.db, { registrationEnabled: true, maxUsers: 1 });
    const full = await register(valid("full@example.test"));
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe(MESSAGES.userLimitReached.text);
    await saveSystemSettings(t.db, { maxUsers: 1000 });
  });
});
