import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3" } });
});
afterAll(() => t.close());

describe("rate limits", () => {
  it("answers 429 with a message after too many logins for one e-mail, without blocking other e-mails", async () => {
    const user = await makeUser(t.db);
    const attempt = (email: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: "Wrong-pass1" } });
    for (let i = 0; i < 3; i++) expect((await attempt(user.email)).statusCode).toBe(401);
    const limited = await attempt(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: MESSAGES.tooManyRequests.text });
    expect(limited.headers["retry-after"]).toBeDefined();
    // The right password is refused too while limited: guessing cannot go on.
    const right = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: user });
    expect(right.statusCode).toBe(429);
    expect((await attempt("someone-else@example.test")).statusCode).toBe(401);
  });

  it("limits forgot-password and reset-password", async () => {
    const forgot = () =>
      t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "x@example.test" } });
    for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);

    const reset = () =>
      t.app.inject({ method: "POST", url: "/api/auth/reset-password/guess", payload: { password: "abcdef" } });
    for (let i = 0; i < 3; i++) expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });
});
