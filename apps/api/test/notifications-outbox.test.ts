import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../src/mail/mailer.js";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { backoffMs, OUTBOX_DEFAULTS } from "../src/outbox/outbox.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser, makeUser } from "./support/factories.js";
import { createSmtpServer } from "./support/smtp.js";

let smtp: Awaited<ReturnType<typeof createSmtpServer>>;
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let clock = new Date("2030-01-01T10:00:00.000Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  smtp = await createSmtpServer();
  t = await createTestApp({
    env: { OUTBOX_POLL_MS: "0", AUTH_RATE_LIMIT_MAX: "1000" },
    mailer: createSmtpMailer(smtp.url, "LMS <no-reply@lms.test>"),
    now: () => clock,
  });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(async () => {
  await smtp.start();
  smtp.received.length = 0;
});

async function broadcast(userIds: string[], title: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/notifications",
    headers: admin.auth,
    payload: {
      title,
      message: "Body of the message.",
      channels: ["in-app", "email"],
      audience: { type: "users", userIds },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.notification._id as string;
}
async function emailFigures(id: string) {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/admin/notifications/history?limit=50",
    headers: admin.auth,
  });
  return response.json().data.notifications.find((n: { _id: string }) => n._id === id).email;
}
const jobOf = (id: string) =>
  t.db
    .selectFrom("outbox_jobs")
    .selectAll()
    .where("payload", "=", JSON.stringify({ notificationId: id }))
    .executeTakeFirstOrThrow();

describe("notification e-mails through the outbox", () => {
  it("the answer does not wait for e-mail; the poller sends them through SMTP", async () => {
    const users = [await makeUser(t.db), await makeUser(t.db)];
    const id = await broadcast(
      users.map((u) => u.id),
      "Sent by the poller",
    );
    expect(smtp.received).toHaveLength(0);
    expect(await emailFigures(id)).toEqual({ total: 2, delivered: 0, failed: 0, skipped: 0, pending: 2 });
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.join("\n")).toContain("Subject: Sent by the poller");
    for (const user of users) expect(smtp.received.join("\n")).toContain(`To: ${user.email}`);
    expect(await emailFigures(id)).toEqual({ total: 2, delivered: 2, failed: 0, skipped: 0, pending: 0 });
    expect((await jobOf(id)).status).toBe("done");
  });

  it("with the mail server down the request succeeds, and the e-mail goes out once it is back", async () => {
    await smtp.stop();
    const user = await makeUser(t.db);
    const id = await broadcast([user.id], "Sent after the outage");
    expect(await t.app.outbox.runDue()).toBe(1);
    const failed = await jobOf(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.last_error).toBeTruthy();
    expect(Date.parse(failed.run_at) - clock.getTime()).toBe(OUTBOX_DEFAULTS.baseDelayMs);
    expect(await emailFigures(id)).toMatchObject({ pending: 1, delivered: 0 });

    await smtp.start();
    expect(await t.app.outbox.runDue()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    advance(OUTBOX_DEFAULTS.baseDelayMs);
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain(`To: ${user.email}`);
    expect(await jobOf(id)).toMatchObject({ status: "done", attempts: 2 });
    expect(await emailFigures(id)).toMatchObject({ pending: 0, delivered: 1 });
  });

  it("backs off exponentially and gives up after the last attempt, counting the e-mails failed", async () => {
    await smtp.stop();
    const users = [await makeUser(t.db), await makeUser(t.db)];
    const id = await broadcast(
      users.map((u) => u.id),
      "Never delivered",
    );
    const delays: number[] = [];
    for (let attempt = 1; attempt <= OUTBOX_DEFAULTS.maxAttempts; attempt++) {
      expect(await t.app.outbox.runDue()).toBe(1);
      const job = await jobOf(id);
      expect(job.attempts).toBe(attempt);
      if (attempt < OUTBOX_DEFAULTS.maxAttempts) {
        delays.push(Date.parse(job.run_at) - clock.getTime());
        advance(Date.parse(job.run_at) - clock.getTime());
      }
    }
    expect(delays.slice(0, 3)).toEqual([30_000, 60_000, 120_000]);
    expect(delays.every((delay, i) => delay === backoffMs(i + 1, OUTBOX_DEFAULTS))).toBe(true);
    expect((await jobOf(id)).status).toBe("failed");
    expect(await emailFigures(id)).toEqual({ total: 2, delivered: 0, failed: 2, skipped: 0, pending: 0 });
    advance(24 * 3600_000);
    expect(await t.app.outbox.runDue()).toBe(0);
  });

  it("takes over a job a stopped process left running once its lease has passed", async () => {
    const user = await makeUser(t.db);
    const id = await broadcast([user.id], "Left by a crash");
    await t.db
      .updateTable("outbox_jobs")
      .set({ status: "running", locked_until: new Date(clock.getTime() + 60_000).toISOString() })
      .where("id", "=", (await jobOf(id)).id)
      .execute();
    expect(await t.app.outbox.runDue()).toBe(0);
    advance(60_001);
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await jobOf(id)).status).toBe("done");
  });

  it("skips users who turned e-mail off, and everyone while emailNotifications is off", async () => {
    const declines = await makeSignedInUser(t.app, t.db);
    const prefs = await t.app.inject({ method: "GET", url: "/api/users/me/preferences", headers: declines.auth });
    const preferences = prefs.json().data.preferences;
    await t.app.inject({
      method: "PUT",
      url: "/api/users/me/preferences",
      headers: declines.auth,
      payload: { ...preferences, notifications: { ...preferences.notifications, email: false } },
    });
    const accepts = await makeUser(t.db);
    const id = await broadcast([declines.user.id, accepts.id], "Respecting preferences");
    await t.app.outbox.runDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain(`To: ${accepts.email}`);
    expect(await emailFigures(id)).toMatchObject({ delivered: 1, skipped: 1, pending: 0 });

    await saveSystemSettings(t.db, { emailNotifications: false });
    const off = await broadcast([accepts.id], "Settings say no");
    await t.app.outbox.runDue();
    expect(smtp.received).toHaveLength(1);
    expect(await emailFigures(off)).toMatchObject({ delivered: 0, skipped: 1, pending: 0 });
    await saveSystemSettings(t.db, { emailNotifications: true });
  });
});
