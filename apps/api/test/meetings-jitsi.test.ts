import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./support/factories.js";

const APP_SECRET = "jitsi-app-secret-0123456789";

describe("Jitsi with token authentication (self-hosted)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      env: { JITSI_DOMAIN: "meet.example.org", JITSI_APP_ID: "lms", JITSI_APP_SECRET: APP_SECRET },
    });
  });
  afterAll(() => t.close());

  const claimsOf = async (link: string) => {
    const url = new URL(link);
    const { payload } = await jwtVerify(url.searchParams.get("jwt") ?? "", new TextEncoder().encode(APP_SECRET), {
      audience: "jitsi",
      issuer: "lms",
      subject: "meet.example.org",
    });
    return { room: url.pathname.slice(1), payload };
  };

  it("signs a moderator token for the host and a plain one for each learner, in one unguessable room", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const session = await makeSession(t.db, { course_id: course.id });
    const other = await makeSession(t.db, { course_id: course.id });

    const start = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${session.id}/start`,
      headers: instructor.auth,
      payload: { early: true },
    });
    const host = await claimsOf(start.json().data.joinUrl);
    expect(start.json().data.joinUrl.startsWith("https://meet.example.org/lms-")).toBe(true);
    expect(host.room).toMatch(/^lms-[0-9a-f]{32}$/);
    expect(host.payload).toMatchObject({
      room: host.room,
      moderator: true,
      context: { user: { id: instructor.user.id, email: instructor.user.email, moderator: true } },
    });

    const join = await t.app.inject({ method: "POST", url: `/api/sessions/${session.id}/join`, headers: learner.auth });
    const attendee = await claimsOf(join.json().data.joinUrl);
    expect(attendee.room).toBe(host.room);
    expect(attendee.payload).toMatchObject({ moderator: false, context: { user: { id: learner.user.id } } });

    const otherStart = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${other.id}/start`,
      headers: instructor.auth,
      payload: { early: true },
    });
    expect((await claimsOf(otherStart.json().data.joinUrl)).room).not.toBe(host.room);
  });
});

describe("meeting provider settings", () => {
  const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "lms-config-")), JWT_SECRET: "x".repeat(40) });

  it("defaults to Jitsi on meet.jit.si without an account", () => {
    expect(loadConfig(base()).meetings).toEqual({
      provider: "jitsi",
      domain: "meet.jit.si",
      appId: undefined,
      appSecret: undefined,
    });
  });

  it("requires what the chosen provider cannot work without", () => {
    expect(() => loadConfig({ ...base(), MEETING_PROVIDER: "zoom", ZOOM_ACCOUNT_ID: "a" })).toThrow(
      /ZOOM_CLIENT_ID: required when MEETING_PROVIDER is zoom/,
    );
    expect(() => loadConfig({ ...base(), MEETING_PROVIDER: "bbb" })).toThrow(/BBB_URL: required/);
    expect(() => loadConfig({ ...base(), JITSI_APP_ID: "lms" })).toThrow(/JITSI_APP_SECRET: required together/);
    expect(() => loadConfig({ ...base(), MEETING_PROVIDER: "webex" })).toThrow(/MEETING_PROVIDER/);
    for (const hosts of ["http://files.example", "https://zoom.us", "http://10.0.0.5:80", "zoom.us/rec", ","]) {
      expect(() => loadConfig({ ...base(), ZOOM_DOWNLOAD_HOSTS: hosts })).toThrow(/ZOOM_DOWNLOAD_HOSTS/);
    }
  });

  it("reads the Zoom and BigBlueButton settings with their defaults", () => {
    const zoom = loadConfig({
      ...base(),
      MEETING_PROVIDER: "zoom",
      ZOOM_ACCOUNT_ID: "acc",
      ZOOM_CLIENT_ID: "id",
      ZOOM_CLIENT_SECRET: "secret",
    }).meetings;
    expect(zoom).toMatchObject({
      apiUrl: "https://api.zoom.us/v2",
      oauthUrl: "https://zoom.us/oauth/token",
      downloadHosts: { domains: ["zoom.us"], loopbackOrigins: [] },
    });
    const bbb = loadConfig({
      ...base(),
      MEETING_PROVIDER: "bbb",
      BBB_URL: "https://bbb.test/bigbluebutton",
      BBB_SECRET: "s",
    }).meetings;
    expect(bbb).toMatchObject({ provider: "bbb", checksum: "sha256" });
  });
});
