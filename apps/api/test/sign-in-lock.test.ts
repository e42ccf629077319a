import { MESSAGES, TWO_FACTOR_MESSAGES } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/db/connection.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createTestDb, type TestDb } from "./support/db.js";
import { makeSignedInUser, makeUser } from "./support/factories.js";

const FAILURES = 3;
const MINUTES = 15;
let clock = Date.now();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    env: { SIGN_IN_LOCK_FAILURES: String(FAILURES), SIGN_IN_LOCK_MINUTES: String(MINUTES) },
    now: () => new Date(clock),
  });
});
afterAll(() => t.close());

let address = 0;
/** Each attempt from another address: the lock is per account, whatever the address limits allow. */
const post = (url: string, payload: object, headers?: Record<string, string>) =>
  t.app.inject({ method: "POST", url, payload, headers, remoteAddress: `198.51.100.${(address++ % 250) + 1}` });
const signIn = (email: string, password: string) => post("/api/auth/login", { email, password });

/** The e-mail to `to` whose subject says its sign-in was locked. */
const lockMailTo = async (to: string) => {
  await vi.waitFor(() => expect(t.mails.some((mail) => mail.to === to && /locked/.test(mail.subject))).toBe(true));
  return t.mails.filter((mail) => mail.to === to && /locked/.test(mail.subject));
};

function expectLocked(response: Awaited<ReturnType<typeof signIn>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({
    success: false,
    message: MESSAGES.accountLocked.text,
    code: "MESSAGES.accountLocked",
  });
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(MINUTES * 60);
}

describe("the per-account sign-in lock after failed passwords", () => {
  it("locks after the limit, refuses the right password, e-mails the owner once, and ends after its time", async () => {
    const user = await makeUser(t.db);
    const bystander = await makeUser(t.db);
    for (let i = 1; i < FAILURES; i++) expect((await signIn(user.email, "Wrong-pass1")).statusCode).toBe(401);
    expectLocked(await signIn(user.email, "Wrong-pass1"));
    expectLocked(await signIn(user.email, user.password));

    const mails = await lockMailTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(`${MINUTES} minutes`);
    expect(mails[0].text).toContain(`${FAILURES} failed sign-in attempts`);
    expect(mails[0].text).toContain("http://lms.test/forgot-password");

    // Another account is not touched.
    expect((await signIn(bystander.email, bystander.password)).statusCode).toBe(200);

    clock += (MINUTES - 1) * 60_000;
    expectLocked(await signIn(user.email, user.password));
    clock += 2 * 60_000;
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect(await lockMailTo(user.email)).toHaveLength(1);
  });

  it("counts failures within the window only, and a sign-in starts the count again", async () => {
    const user = await makeUser(t.db);
    for (let i = 1; i < FAILURES; i++) expect((await signIn(user.email, "Wrong-pass1")).statusCode).toBe(401);
    clock += (MINUTES + 1) * 60_000;
    for (let i = 1; i < FAILURES; i++) expect((await signIn(user.email, "Wrong-pass1")).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    for (let i = 1; i < FAILURES; i++) expect((await signIn(user.email, "Wrong-pass1")).statusCode).toBe(401);
    expectLocked(await signIn(user.email, "Wrong-pass1"));
  });

  it("ends the lock when the owner resets the password", async () => {
    const user = await makeUser(t.db);
    for (let i = 0; i < FAILURES; i++) await signIn(user.email, "Wrong-pass1");
    expectLocked(await signIn(user.email, user.password));

    const before = t.mails.length;
    expect((await post("/api/auth/forgot-password", { email: user.email })).statusCode).toBe(200);
    await vi.waitFor(() => expect(t.mails.slice(before).some((mail) => /reset-password\//.test(mail.text))).toBe(true));
    const link = t.mails
      .slice(before)
      .map((mail) => mail.text.match(/http:\/\/lms\.test\/reset-password\/([A-Za-z0-9_-]+)/)?.[1])
      .find(Boolean);
    const reset = await post(`/api/auth/reset-password/${link}`, { password: "New-passw0rd" });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(user.email, "New-passw0rd")).statusCode).toBe(200);
  });
});

describe("the per-account sign-in lock after failed two-factor codes", () => {
  const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock });

  it("locks after the limit of wrong codes across challenges, refuses the right code and the password", async () => {
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    const setup = await post("/api/users/me/two-factor/setup", {}, auth);
    const secret: string = setup.json().data.secret;
    expect(
      (await post("/api/users/me/two-factor/enable", { code: codeFor(secret), password: user.password }, auth))
        .statusCode,
    ).toBe(200);
    clock += 30_000;

    const challenge = async () => {
      const response = await signIn(user.email, user.password);
      expect(response.statusCode).toBe(200);
      return response.json().data.challenge as string;
    };
    const answer = (c: string, code: string) => post("/api/auth/login/two-factor", { challenge: c, code });
    // Wrong codes over two challenges (each allows five): the account's count goes on.
    const first = await challenge();
    for (let i = 1; i < FAILURES; i++) {
      const wrong = await answer(first, "000000");
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.codeInvalid.text);
    }
    const second = await challenge();
    expectLocked(await answer(second, "000000"));
    expectLocked(await answer(second, codeFor(secret)));
    expectLocked(await signIn(user.email, user.password));
    expect(await lockMailTo(user.email)).toHaveLength(1);

    clock += (MINUTES + 1) * 60_000;
    const third = await challenge();
    const done = await answer(third, codeFor(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json().data.token).toEqual(expect.any(String));
  });
});

describe("the sign-in lock across processes", () => {
  let testDb: TestDb;
  let second: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const build = (database: Db, dataDir: string) =>
    buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: "test-secret-that-is-at-least-32-characters-long",
        PUBLIC_URL: "http://lms.test",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        BACKUP_SCHEDULE: "false",
        SIGN_IN_LOCK_FAILURES: String(FAILURES),
      }),
      database,
      mailer: { send: async () => {} },
      logger: false,
    });
  beforeAll(async () => {
    testDb = await createTestDb();
    second = testDb.reopen();
    a = await build(testDb.database, testDb.dataDir);
    b = await build(second, testDb.dataDir);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await testDb?.cleanup();
  });

  it("counts the failures of two api processes on one database against one lock", async () => {
    const user = await makeUser(testDb.database.db);
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password } });
    const statuses: number[] = [];
    for (let i = 0; i < FAILURES; i++) statuses.push((await attempt(i % 2 ? b : a, "Wrong-pass1")).statusCode);
    expect(statuses).toEqual([...Array(FAILURES - 1).fill(401), 429]);
    expect((await attempt(a, user.password)).json().message).toBe(MESSAGES.accountLocked.text);
    expect((await attempt(b, user.password)).json().message).toBe(MESSAGES.accountLocked.text);
  });
});
