import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMailer, createSmtpMailer } from "../src/mail/mailer.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeUser } from "./support/factories.js";

/** A real SMTP server that keeps what it receives. */
function startSmtpServer(): Promise<{ port: number; received: string[]; stop(): Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, received, stop: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe("password-reset e-mail delivery", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      mailer: createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, "LMS <no-reply@lms.test>"),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("sends the reset link through SMTP_URL", async () => {
    const user = await makeUser(t.db);
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
    expect(smtp.received[0]).toContain(`To: ${user.email}`);
    expect(smtp.received[0]).toMatch(/http:\/\/lms\.test\/reset-password\/[A-Za-z0-9_-]+/);
  });
});

describe("outbox mailer", () => {
  it("writes the message to DATA_DIR/outbox when SMTP_URL is not set", async () => {
    const t = await createTestApp();
    const log = { info: vi.fn() } as never;
    const mailer = createMailer({ mailFrom: "x", dataDir: t.dataDir }, log);
    await mailer.send({ to: "a@example.test", subject: "Hi", text: "link http://x/reset-password/abc" });
    const files = readdirSync(path.join(t.dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(t.dataDir, "outbox", files[0]), "utf8"))).toMatchObject({
      to: "a@example.test",
    });
    await t.close();
  });
});
