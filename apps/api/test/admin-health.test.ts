import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { healthScore } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../src/db/connection.js";
import { summarise } from "../src/modules/platform/health.js";
import { runHealthChecks } from "../src/modules/platform/health-checks.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";

// Nothing listens on port 1: connections are refused at once.
const CLOSED = "127.0.0.1:1";

async function healthOf(env: Record<string, string>) {
  const t = await createTestApp({ env });
  try {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const response = await t.app.inject({ method: "GET", url: "/api/admin/health", headers: admin.auth });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const byComponent = Object.fromEntries(
      data.checks.map((c: { component: string; status: string; detail: string }) => [c.component, c]),
    );
    return { data, byComponent };
  } finally {
    await t.close();
  }
}

describe("GET /api/admin/health", () => {
  let meetingServer: Server;
  let meetingUrl: string;
  let smtpStub: Server;
  beforeAll(async () => {
    meetingServer = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => meetingServer.listen(0, "127.0.0.1", resolve));
    meetingUrl = `http://127.0.0.1:${(meetingServer.address() as AddressInfo).port}/bigbluebutton`;
    // Accepts the connection and never greets: an SMTP server that hangs.
    smtpStub = createServer();
    await new Promise<void>((resolve) => smtpStub.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => {
    meetingServer.close();
    smtpStub.close();
  });

  it("checks the database, free space, mail and the meeting provider, and scores them", async () => {
    const { data, byComponent } = await healthOf({
      MEETING_PROVIDER: "bbb",
      BBB_URL: meetingUrl,
      BBB_SECRET: "secret",
    });
    expect(Object.keys(byComponent).sort()).toEqual(["database", "mail", "meetings", "storage"]);
    expect(["ok", "degraded"]).toContain(byComponent.database.status);
    expect(byComponent.storage.detail).toMatch(/GB free/);
    // No SMTP_URL: mail only reaches the outbox folder.
    expect(byComponent.mail).toMatchObject({ status: "degraded" });
    expect(byComponent.mail.detail).toMatch(/No SMTP_URL/);
    expect(byComponent.meetings.status).toBe("ok");
    expect(byComponent.meetings.detail).toMatch(/answered 404/);
    expect(data.score).toBe(healthScore(data.checks));
    expect(data.status).toBe("degraded");
  });

  it("says mail is down when the SMTP server refuses, and the meeting service degraded when unreachable", async () => {
    const { data, byComponent } = await healthOf({ SMTP_URL: `smtp://${CLOSED}`, JITSI_DOMAIN: CLOSED });
    expect(byComponent.mail.status).toBe("down");
    expect(byComponent.mail.detail).toMatch(/SMTP server unreachable/);
    expect(byComponent.meetings.status).toBe("degraded");
    expect(byComponent.meetings.detail).toMatch(/not reachable/);
    // Mail gives none of its 20 points and the meeting service half of its 15.
    expect(data.score).toBe(healthScore(data.checks));
    expect(data.score).toBeLessThanOrEqual(Math.round(100 - 20 - 7.5));
  });

  it("gives up on an SMTP server that never answers after the time-out", async () => {
    const port = (smtpStub.address() as AddressInfo).port;
    const started = Date.now();
    const { byComponent } = await healthOf({ SMTP_URL: `smtp://127.0.0.1:${port}`, JITSI_DOMAIN: CLOSED });
    expect(byComponent.mail.status).toBe("down");
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it("refuses learners and instructors", async () => {
    const t: TestContext = await createTestApp();
    try {
      for (const role of ["learner", "instructor"] as const) {
        const someone = await makeSignedInUser(t.app, t.db, role);
        const response = await t.app.inject({ method: "GET", url: "/api/admin/health", headers: someone.auth });
        expect(response.statusCode).toBe(403);
      }
    } finally {
      await t.close();
    }
  });
});

describe("health with the database down", () => {
  it("reports the database down, the whole system down and scores it without the database's 40 points", async () => {
    const database = openDb(`postgres://lms:lms@${CLOSED}/lms`, {
      log: { warn: () => undefined },
      connectTimeoutMs: 1000,
    });
    try {
      const checks = await runHealthChecks({
        db: database.db,
        dataDir: process.cwd(),
        meetings: { provider: "jitsi", domain: CLOSED },
      });
      const report = summarise(checks, new Date("2026-06-17T00:00:00.000Z"));
      expect(report.checks.find((c) => c.component === "database")).toMatchObject({ status: "down" });
      expect(report.status).toBe("down");
      expect(report.score).toBeLessThanOrEqual(60);
    } finally {
      await database.close();
    }
  });
});

describe("healthScore", () => {
  it("adds 40, 25, 20 and 15 points for ok, half for degraded, none for down", () => {
    const all = (status: "ok" | "degraded" | "down") =>
      (["database", "storage", "mail", "meetings"] as const).map((component) => ({ component, status }));
    expect(healthScore(all("ok"))).toBe(100);
    expect(healthScore(all("degraded"))).toBe(50);
    expect(healthScore(all("down"))).toBe(0);
    expect(
      healthScore([
        { component: "database", status: "ok" },
        { component: "storage", status: "ok" },
        { component: "mail", status: "degraded" },
        { component: "meetings", status: "down" },
      ]),
    ).toBe(75);
  });
});
