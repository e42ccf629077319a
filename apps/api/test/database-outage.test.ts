import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MESSAGES } from "@lms/contract";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDb } from "../src/db/connection.js";
import { isDatabaseUnavailable } from "../src/db/errors.js";
import { handleConnectionErrors } from "../src/db/postgres-pool.js";
import { waitForDatabase } from "../src/db/wait-for-database.js";

const capture = () => {
  const lines: { details: object; message: string }[] = [];
  return { lines, warn: (details: object, message: string) => void lines.push({ details, message }) };
};
const adminShutdown = () =>
  Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("a PostgreSQL connection the server drops", () => {
  it("would end the process without a listener: an unhandled 'error' event throws", () => {
    expect(() => new EventEmitter().emit("error", adminShutdown())).toThrow();
  });

  it("is handled on the pool and on every client, checked out or idle, and logged once", () => {
    const pool = new EventEmitter();
    const log = capture();
    handleConnectionErrors(pool, log);
    const busyClient = new EventEmitter();
    pool.emit("connect", busyClient);

    const busy = adminShutdown();
    expect(() => busyClient.emit("error", busy)).not.toThrow();
    // An idle client's error reaches the pool too, as the same object.
    const idle = adminShutdown();
    expect(() => busyClient.emit("error", idle)).not.toThrow();
    expect(() => pool.emit("error", idle)).not.toThrow();

    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]).toMatchObject({ details: { code: "57P01" } });
  });

  it("and errors of a lost connection are told apart from other database errors", () => {
    expect(isDatabaseUnavailable(adminShutdown())).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });
});

// Nothing listens on port 1: every connection is refused at once, on either test pass.
const UNREACHABLE = "postgres://lms:lms@127.0.0.1:1/lms";

describe.runIf(process.env.TEST_DIALECT === "sqlite")("an api whose PostgreSQL is unreachable", () => {
  const database = openDb(UNREACHABLE, { log: capture(), connectTimeoutMs: 2000 });
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-outage-"));
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with a clear message, never 500, and its health check says the database is down", async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: "test-secret-that-is-at-least-32-characters-long",
      WEB_DIST: "/nonexistent",
      READ_CACHE_SECONDS: "0",
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const health = await app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        success: false,
        message: MESSAGES.databaseUnavailable.text,
        code: "MESSAGES.databaseUnavailable",
      });

      const catalogue = await app.inject({ method: "GET", url: "/api/courses" });
      expect(catalogue.statusCode).toBe(503);
      expect(catalogue.headers["retry-after"]).toBe("5");
      expect(catalogue.json().message).toBe(MESSAGES.databaseUnavailable.text);

      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "someone@example.com", password: "Secret123!" },
      });
      expect(login.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });

  it("is waited for at start, with a log line per attempt", async () => {
    const log = capture();
    const stop = new Error("stop waiting");
    let naps = 0;
    const sleep = async (ms: number) => {
      expect(ms).toBe(1000 * 2 ** naps);
      if (++naps === 3) throw stop;
    };
    await expect(waitForDatabase(database.db, log, sleep)).rejects.toBe(stop);
    expect(log.lines).toHaveLength(3);
    expect(log.lines[2]).toMatchObject({ message: "database unreachable at start; waiting for it" });
  });
});

describe.runIf(process.env.TEST_DIALECT === "postgres" && process.env.TEST_DATABASE_URL)(
  "a start-up fault that waiting cannot fix",
  () => {
    it("is thrown at once: a database that does not exist", async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = "/lms_no_such_database";
      const database = openDb(url.toString(), { log: capture() });
      const log = capture();
      const noWaiting = async () => {
        throw new Error("waited for a fault that waiting cannot fix");
      };
      await expect(waitForDatabase(database.db, log, noWaiting)).rejects.toThrow(/does not exist/);
      expect(log.lines).toHaveLength(0);
      await database.close();
    });
  },
);
