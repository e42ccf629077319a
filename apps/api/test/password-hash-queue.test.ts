import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HASHES_AT_ONCE, withHashSlot } from "../src/auth/passwords.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeUser } from "./support/factories.js";

const QUEUE = 2;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PASSWORD_HASH_QUEUE: String(QUEUE), AUTH_RATE_LIMIT_ADDRESS_MAX: "1000" } });
});
afterAll(() => t.close());

describe("a full password-hash queue", () => {
  it("answers sign-ins past it 503 with Retry-After at once, and signs in again once it drains", async () => {
    const user = await makeUser(t.db);
    const signIn = () =>
      t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: user.password } });
    // Every slot busy and the queue full (this process's hashes, held until released).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: HASHES_AT_ONCE + QUEUE }, () => withHashSlot(() => held));

    // Answered while every held hash is still unfinished: nobody waited in line.
    const refused = await Promise.all(Array.from({ length: 5 }, signIn));
    for (const response of refused) {
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("2");
      expect(response.json()).toMatchObject({ success: false, message: MESSAGES.serverBusy.text });
    }

    release();
    await Promise.all(holders);
    expect((await signIn()).statusCode).toBe(200);
  });
});
