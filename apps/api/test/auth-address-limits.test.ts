import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeUser } from "./support/factories.js";
import { redisServerAvailable, startRedisServer } from "./support/redis-server.js";

const login = (t: TestContext, email: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: "Wrong-pass1" },
    headers,
    ...(remoteAddress && { remoteAddress }),
  });

let made = 0;
const madeUpEmail = () => `nobody-${made++}@example.test`;

describe("sign-in limits behind one proxy (TRUST_PROXY=1)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1", AUTH_RATE_LIMIT_MAX: "3" } });
  });
  afterAll(() => t.close());

  it("limits one client however it varies the left-most X-Forwarded-For entry", async () => {
    const user = await makeUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // The proxy at 10.0.0.2 appends the address it saw (203.0.113.7) to what the client wrote.
      const forwardedFor = `198.51.100.${i + 1}, 203.0.113.7`;
      statuses.push((await login(t, user.email, { "x-forwarded-for": forwardedFor }, "10.0.0.2")).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // Another client behind the same proxy has its own bucket.
    const other = await login(t, user.email, { "x-forwarded-for": "198.51.100.1, 203.0.113.8" }, "10.0.0.2");
    expect(other.statusCode).toBe(401);
  });
});

describe("sign-in limits behind proxies named by address (TRUST_PROXY=10.0.0.0/8)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "10.0.0.0/8", AUTH_RATE_LIMIT_MAX: "2" } });
  });
  afterAll(() => t.close());

  it("believes the proxies' entries only: neither a forwarded nor a direct client can pick its address", async () => {
    const user = await makeUser(t.db);
    const viaProxy = (i: number) =>
      login(t, user.email, { "x-forwarded-for": `198.51.100.${i}, 10.0.0.9, 203.0.113.7` }, "10.0.0.2");
    expect([(await viaProxy(1)).statusCode, (await viaProxy(2)).statusCode, (await viaProxy(3)).statusCode]).toEqual([
      401, 401, 429,
    ]);
    // A client reaching the server directly is its own address, whatever it forwards.
    const direct = (i: number) => login(t, user.email, { "x-forwarded-for": `198.51.100.${i}` }, "192.0.2.99");
    expect([(await direct(1)).statusCode, (await direct(2)).statusCode, (await direct(3)).statusCode]).toEqual([
      401, 401, 429,
    ]);
  });
});

describe("sign-in and reset limits per client address across all e-mails", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 429 to 60 sign-ins with made-up e-mails from one address, and not to another address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await login(t, madeUpEmail(), {}, "192.0.2.10")).statusCode);
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(50).every((status) => status === 429)).toBe(true);
    const limited = await login(t, madeUpEmail(), {}, "192.0.2.10");
    expect(limited.json()).toMatchObject({ success: false, message: MESSAGES.tooManyRequests.text });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(t, madeUpEmail(), {}, "192.0.2.11")).statusCode).toBe(401);
  });

  it("answers 429 to forgot-password for many e-mails from one address", async () => {
    const forgot = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email },
        remoteAddress: "192.0.2.20",
      });
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++) statuses.push((await forgot(madeUpEmail())).statusCode);
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(50).every((status) => status === 429)).toBe(true);
  });
});

describe.skipIf(!redisServerAvailable())("the per-address limit with REDIS_URL", () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, AUTH_RATE_LIMIT_ADDRESS_MAX: "4" };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it("counts the attempts of two processes against one limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? b : a, madeUpEmail(), {}, "192.0.2.30")).statusCode);
    // Each process alone has seen three of the four allowed.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
