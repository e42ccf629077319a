import {
  DEFAULT_SYSTEM_SETTINGS,
  fileTooLargeMessage,
  fileTypeNotAllowedMessage,
  MESSAGES,
  SESSION_MESSAGES,
  SETTINGS_MESSAGES,
} from "@lms/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCategory,
  makeCourse,
  makeEnrolledLearner,
  makeLesson,
  makeSession,
  makeSignedInUser,
  makeUser,
} from "./support/factories.js";
import { postMaterial } from "./support/materials.js";
import { MP4, multipart, PDF } from "./support/multipart.js";

let t: TestContext;
type SignedIn = Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: SignedIn;
let superAdmin: SignedIn;
let instructor: SignedIn;
let learner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
  superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  learner = await makeSignedInUser(t.app, t.db, "learner");
});
afterEach(() => saveSystemSettings(t.db, DEFAULT_SYSTEM_SETTINGS));
afterAll(() => t.close());

const putSettings = (payload: object, who: SignedIn = admin) =>
  t.app.inject({ method: "PUT", url: "/api/admin/settings", headers: who.auth, payload });
const get = (url: string, who?: SignedIn) => t.app.inject({ method: "GET", url, headers: who?.auth ?? {} });
const countUsers = async () =>
  Number(
    (
      await t.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET /api/settings/public", () => {
  it("tells anyone the site name, whether maintenance is on and the upload limits, and follows changes", async () => {
    const before = await get("/api/settings/public");
    expect(before.statusCode).toBe(200);
    expect(before.json().data.settings).toEqual({
      siteName: "LearnHub",
      maintenanceMode: false,
      registrationEnabled: true,
      maxFileSize: 100,
      allowedFileTypes: ["pdf", "doc", "docx", "mp4", "jpg", "png"],
    });
    expect((await putSettings({ siteName: "  Campus Online ", maxFileSize: 20 })).statusCode).toBe(200);
    expect((await get("/api/settings/public")).json().data.settings).toEqual({
      siteName: "Campus Online",
      maintenanceMode: false,
      registrationEnabled: true,
      maxFileSize: 20,
      allowedFileTypes: ["pdf", "doc", "docx", "mp4", "jpg", "png"],
    });
  });

  it("tells anyone that registration is closed, and the register api refuses then", async () => {
    expect((await putSettings({ registrationEnabled: false })).statusCode).toBe(200);
    try {
      expect((await get("/api/settings/public")).json().data.settings.registrationEnabled).toBe(false);
      const register = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: "Late Comer", email: `late-${Date.now()}@example.test`, password: "Chosen123" },
      });
      expect(register.statusCode).toBe(403);
      expect(register.json().message).toBe(MESSAGES.registrationDisabled.text);
    } finally {
      await putSettings({ registrationEnabled: true });
    }
    expect((await get("/api/settings/public")).json().data.settings.registrationEnabled).toBe(true);
  });
});

describe("a settings change", () => {
  it("is an admin_action activity with the changed values before and after; a no-op records nothing", async () => {
    const entries = () =>
      t.db
        .selectFrom("activities")
        .selectAll()
        .where("type", "=", "admin_action")
        .where("user_id", "=", admin.user.id)
        .orderBy("id")
        .execute();
    const earlier = (await entries()).length;
    const response = await putSettings({ ...DEFAULT_SYSTEM_SETTINGS, siteName: "Audit U", maxUsers: 77 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.settings).toMatchObject({ siteName: "Audit U", maxUsers: 77 });
    const all = await entries();
    expect(all).toHaveLength(earlier + 1);
    const entry = all[earlier];
    expect(entry.title).toBe("System settings updated");
    expect(entry.description).toBe("Changed siteName, maxUsers");
    expect(JSON.parse(entry.metadata ?? "{}")).toEqual({
      action: "settings_update",
      before: { siteName: "LearnHub", maxUsers: 1000 },
      after: { siteName: "Audit U", maxUsers: 77 },
    });
    expect((await putSettings({ siteName: "Audit U", maxUsers: 77 })).statusCode).toBe(200);
    expect(await entries()).toHaveLength(earlier + 1);
  });

  it("is refused with the contract's messages for bad values", async () => {
    const response = await putSettings({ maxFileSize: 0, allowedFileTypes: [".pdf"], siteName: " " });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((e: { msg: string }) => e.msg)
        .sort(),
    ).toEqual(
      [
        SETTINGS_MESSAGES.maxFileSize.text,
        SETTINGS_MESSAGES.fileType.text,
        SETTINGS_MESSAGES.siteNameRequired.text,
      ].sort(),
    );
  });
});

describe("maintenanceMode", () => {
  const expectMaintenance = (response: { statusCode: number; json(): { message: string } }) => {
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(SETTINGS_MESSAGES.maintenance.text);
  };

  it("answers 503 to everyone but admins, keeps health and sign-in open, and ends when an admin turns it off", async () => {
    expect((await putSettings({ maintenanceMode: true })).statusCode).toBe(200);

    expectMaintenance(await get("/api/courses"));
    expectMaintenance(await get("/api/courses", learner));
    expectMaintenance(await get("/api/auth/profile", instructor));
    expectMaintenance(
      await t.app.inject({ method: "GET", url: "/api/courses", headers: { authorization: "Bearer x" } }),
    );
    const body = { name: "New Person", email: `new-${Date.now()}@example.test`, password: "Passw0rd!" };
    expectMaintenance(await t.app.inject({ method: "POST", url: "/api/auth/register", payload: body }));
    // Refused before the body is read or validated.
    expectMaintenance(
      await t.app.inject({ method: "POST", url: "/api/sessions", headers: instructor.auth, payload: {} }),
    );

    expect((await get("/api/admin/users", admin)).statusCode).toBe(200);
    expect((await get("/api/courses", superAdmin)).statusCode).toBe(200);
    expect((await get("/api/health")).statusCode).toBe(200);
    expect((await get("/api/settings/public")).json().data.settings.maintenanceMode).toBe(true);

    const learnerLogin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: learner.user.email, password: learner.user.password },
    });
    expectMaintenance(learnerLogin);
    const adminLogin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: admin.user.email, password: admin.user.password },
    });
    expect(adminLogin.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${adminLogin.json().data.token}` };
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: learner.user.email },
    });
    expect(forgot.statusCode).toBe(200);

    const off = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: fresh,
      payload: { maintenanceMode: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await get("/api/courses", learner)).statusCode).toBe(200);
  });
});

describe("maxUsers and maxCourses", () => {
  it("refuse admin user creation and registration past the limit", async () => {
    await putSettings({ maxUsers: await countUsers() });
    const create = await t.app.inject({
      method: "POST",
      url: "/api/admin/users",
      headers: admin.auth,
      payload: { name: "One Too Many", email: `many-${Date.now()}@example.test`, password: "Secret123" },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(MESSAGES.userLimitReached.text);
    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Late Comer", email: `late-${Date.now()}@example.test`, password: "Passw0rd!" },
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().message).toBe(MESSAGES.userLimitReached.text);

    await putSettings({ maxUsers: (await countUsers()) + 1 });
    const fits = await t.app.inject({
      method: "POST",
      url: "/api/admin/users",
      headers: admin.auth,
      payload: { name: "Just Fits", email: `fits-${Date.now()}@example.test`, password: "Secret123" },
    });
    expect(fits.statusCode).toBe(201);
  });

  it("refuses course creation in the admin area past the limit", async () => {
    const category = await makeCategory(t.db);
    await makeCourse(t.db, { instructor_id: instructor.user.id });
    const count = Number(
      (
        await t.db
          .selectFrom("courses")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await putSettings({ maxCourses: count });
    const payload = {
      title: "One Course Too Many",
      description: "A course past the limit.",
      shortDescription: "Past the limit.",
      categoryId: category.id,
      instructorId: instructor.user.id,
      duration: 60,
    };
    const refused = await t.app.inject({ method: "POST", url: "/api/admin/courses", headers: admin.auth, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.courseLimitReached.text);
    await putSettings({ maxCourses: count + 1 });
    const created = await t.app.inject({ method: "POST", url: "/api/admin/courses", headers: admin.auth, payload });
    expect(created.statusCode).toBe(201);
  });
});

describe("maxFileSize and allowedFileTypes", () => {
  /** Each multipart route of the api, posting one file. */
  async function uploaders() {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const lesson = await makeLesson(t.db, { course_id: course.id });
    const session = await makeSession(t.db, { course_id: course.id, status: "completed" });
    const post = (url: string, field: string, filename: string, content: Buffer, fields: Record<string, string>) => {
      const body = multipart(fields, { field, filename, content });
      return t.app.inject({
        method: "POST",
        url,
        headers: { ...instructor.auth, ...body.headers },
        payload: body.payload,
      });
    };
    return {
      material: (filename: string, content: Buffer) =>
        postMaterial(t.app, course.id, instructor.auth, { title: "Handout" }, { file: { filename, content } }),
      lesson: (filename: string, content: Buffer) =>
        post(
          `/api/instructor/courses/${course.id}/modules/${lesson.module_id}/lessons/${lesson.id}/content`,
          "content",
          filename,
          content,
          {},
        ),
      recording: (filename: string, content: Buffer) =>
        post(`/api/recordings/upload/${session.id}`, "recording", filename, content, { title: "Class" }),
    };
  }

  it("refuses a file over maxFileSize with 413 on every file upload route", async () => {
    const routes = await uploaders();
    await putSettings({ maxFileSize: 1 });
    const pdf = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]);
    for (const response of [await routes.material("big.pdf", pdf), await routes.lesson("big.pdf", pdf)]) {
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(fileTooLargeMessage(1));
    }
  });

  it("leaves recordings to the spec's own rule: any video up to 500 MB, whatever the file settings say", async () => {
    const routes = await uploaders();
    await putSettings({ maxFileSize: 1, allowedFileTypes: ["png"] });
    const video = Buffer.concat([MP4, Buffer.alloc(1024 * 1024, 7)]);
    expect((await routes.recording("class.mp4", video)).statusCode).toBe(201);
    const slides = await routes.recording("slides.pdf", PDF);
    expect(slides.statusCode).toBe(415);
    expect(slides.json().message).toBe(SESSION_MESSAGES.recordingVideoOnly.text);
  });

  it("refuses a type outside allowedFileTypes with 415 on materials, and takes it once allowed; lesson files take any type", async () => {
    const routes = await uploaders();
    await putSettings({ allowedFileTypes: ["png"] });
    const refused = await routes.material("notes.pdf", PDF);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(fileTypeNotAllowedMessage("pdf", ["png"]));
    expect((await routes.lesson("notes.pdf", PDF)).statusCode).toBe(201);
    await putSettings({ allowedFileTypes: ["pdf", "mp4"] });
    expect((await routes.material("notes.pdf", PDF)).statusCode).toBe(201);
  });
});

describe("e-mail", () => {
  const schedule = (courseId: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: instructor.auth,
      payload: { courseId, title: "Office hour", scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
    });

  it("carries the site name as sender and in the text", async () => {
    await putSettings({ siteName: "Campus Online" });
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const enrolled = await makeEnrolledLearner(t.app, t.db, course.id);
    expect((await schedule(course.id)).statusCode).toBe(201);
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === enrolled.user.email)).toBe(true));
    const sessionMail = t.mails.find((m) => m.to === enrolled.user.email);
    expect(sessionMail?.fromName).toBe("Campus Online");
    expect(sessionMail?.text).toContain("The Campus Online team");

    const user = await makeUser(t.db);
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === user.email)).toBe(true));
    const reset = t.mails.find((m) => m.to === user.email);
    expect(reset?.subject).toBe("Reset your Campus Online password");
    expect(reset?.fromName).toBe("Campus Online");
  });

  it("with emailNotifications off, stops notifications but still sends password resets", async () => {
    await putSettings({ emailNotifications: false });
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const enrolled = await makeEnrolledLearner(t.app, t.db, course.id);
    expect((await schedule(course.id)).statusCode).toBe(201);
    const user = await makeUser(t.db);
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === user.email)).toBe(true));
    // The session mail was queued before the reset mail; had it been sent, it would be here by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mails.some((m) => m.to === enrolled.user.email)).toBe(false);

    await putSettings({ emailNotifications: true });
    expect((await schedule(course.id)).statusCode).toBe(201);
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === enrolled.user.email)).toBe(true));
  });
});
