import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HASHES_AT_ONCE } from "../src/auth/passwords.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PASSWORD_HASH_QUEUE: "2", AUTH_RATE_LIMIT_ADDRESS_MAX: "1000" } });
});
afterAll(() => t.close());

describe("a full password-hash queue", () => {
  it("answers sign-ins past it 503 with Retry-After at once, and serves the queued ones", async () => {
    const user = await makeUser(t.db);
    const count = HASHES_AT_ONCE + 2 + 8;
    const finished: { status: number; at: number; retryAfter?: string; message: string }[] = [];
    await Promise.all(
      Array.from({ length: count }, async () => {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: user.email, password: user.password },
        });
        finished.push({
          status: response.statusCode,
          at: performance.now(),
          retryAfter: response.headers["retry-after"] as string | undefined,
          message: response.json().message,
        });
      }),
    );
    const busy = finished.filter((answer) => answer.status === 503);
    const served = finished.filter((answer) => answer.status === 200);
    expect(busy).toHaveLength(8);
    expect(served).toHaveLength(HASHES_AT_ONCE + 2);
    for (const answer of busy) expect(answer).toMatchObject({ retryAfter: "2", message: MESSAGES.serverBusy });
    // Refused without waiting for a hash: every refusal is out before the first sign-in is.
    expect(Math.max(...busy.map((answer) => answer.at))).toBeLessThan(Math.min(...served.map((answer) => answer.at)));
  });
});
