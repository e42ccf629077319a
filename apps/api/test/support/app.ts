import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { Mailer, MailMessage } from "../../src/mail/mailer.js";
import { createTestDb } from "./db.js";

export interface TestContext {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof createTestDb>>["database"]["db"];
  /** The app's handle on its database (its dialect, and on SQLite its file and write wish). */
  database: Awaited<ReturnType<typeof createTestDb>>["database"];
  dataDir: string;
  /** Messages the app sent, newest last. */
  mails: MailMessage[];
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database. `env` overrides settings (as the environment would);
 * `mailer` replaces the capturing mailer (e.g. with a real SMTP one); `now` is the clock of time rules.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; mailer?: Mailer; now?: () => Date } = {},
): Promise<TestContext> {
  const testDb = await createTestDb();
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    JWT_SECRET: "test-secret-that-is-at-least-32-characters-long",
    PUBLIC_URL: "http://lms.test",
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    READ_CACHE_SECONDS: "0",
    BACKUP_SCHEDULE: "false",
    ...options.env,
  });
  const mails: MailMessage[] = [];
  const mailer = options.mailer ?? { send: async (message: MailMessage) => void mails.push(message) };
  const app = await buildApp({ config, database: testDb.database, mailer, logger: false, now: options.now });
  await app.ready();
  return {
    app,
    db: testDb.database.db,
    database: testDb.database,
    dataDir: testDb.dataDir,
    mails,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}

/** Sends a write and expects it to succeed (2xx); the response, for what it answered. */
export async function sendOk(
  app: FastifyInstance,
  auth: Record<string, string>,
  url: string,
  method: "POST" | "PUT" | "DELETE",
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: auth, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}
