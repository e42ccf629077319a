import { DEFAULT_SYSTEM_SETTINGS, SETTINGS_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
type SignedIn = Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: SignedIn;
let instructor: SignedIn;
let learner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  learner = await makeSignedInUser(t.app, t.db, "learner");
});
afterAll(() => t.close());

const getSettings = (who: SignedIn = admin) =>
  t.app.inject({ method: "GET", url: "/api/admin/settings", headers: who.auth });
const putSettings = (payload: object, who: SignedIn = admin) =>
  t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: who.auth, payload });

describe("GET/PUT /api/admin/settings", () => {
  it("answers the spec's defaults, with instructorsMayPublish off", async () => {
    const response = await getSettings();
    expect(response.statusCode).toBe(200);
    expect(response.json().data.settings).toEqual(DEFAULT_SYSTEM_SETTINGS);
    expect(response.json().data.settings.instructorsMayPublish).toBe(false);
  });

  it("saves the settings sent and keeps the others; turning instructorsMayPublish on lets instructors publish", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, published: 0 });
    const publish = () =>
      t.app.inject({
        method: "PATCH",
        url: `/api/instructor/courses/${course.id}/status`,
        headers: instructor.auth,
        payload: { status: "active" },
      });
    expect((await publish()).statusCode).toBe(403);

    const response = await putSettings({ instructorsMayPublish: true, siteName: "Campus" });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SETTINGS_MESSAGES.updated.text);
    expect(response.json().data.settings).toEqual({
      ...DEFAULT_SYSTEM_SETTINGS,
      instructorsMayPublish: true,
      siteName: "Campus",
    });
    expect((await getSettings()).json().data.settings.instructorsMayPublish).toBe(true);
    expect((await publish()).statusCode).toBe(200);

    await putSettings({ ...DEFAULT_SYSTEM_SETTINGS });
    expect((await getSettings()).json().data.settings).toEqual(DEFAULT_SYSTEM_SETTINGS);
  });

  it("refuses bad values with 400 and changes nothing", async () => {
    for (const bad of [{ instructorsMayPublish: "yes" }, { maxUsers: 0 }, { backupFrequency: "never" }]) {
      const response = await putSettings({ siteName: "Changed", ...bad });
      expect(response.statusCode).toBe(400);
    }
    expect((await getSettings()).json().data.settings.siteName).toBe(DEFAULT_SYSTEM_SETTINGS.siteName);
  });

  it("is for admins only", async () => {
    for (const who of [instructor, learner]) {
      expect((await getSettings(who)).statusCode).toBe(403);
      expect((await putSettings({ instructorsMayPublish: true }, who)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/settings" })).statusCode).toBe(401);
    expect((await getSettings()).json().data.settings.instructorsMayPublish).toBe(false);
  });
});
