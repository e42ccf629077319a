import { MESSAGES, USER_ADMIN_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeCourse, makeEnrollment, makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let superAdmin: Awaited<ReturnType<typeof makeSignedInUser>>;
let seq = 0;
const email = () => `managed-${Date.now()}-${seq++}@example.test`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeSignedInUser(t.app, t.db, "admin");
  superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH", url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/users${url}`, headers, ...(payload ? { payload } : {}) });
const valid = () => ({ name: "Ada Lovelace", email: email(), password: "Secret123" });
const messagesOf = (response: { json(): { errors?: { msg: string }[] } }) =>
  (response.json().errors ?? []).map((e) => e.msg);

describe("POST /api/admin/users", () => {
  it("creates a user with the spec's defaults, hashes the password and never returns it", async () => {
    const body = valid();
    const response = await call("POST", "", admin.auth, { ...body, email: ` ${body.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    const { user } = response.json().data;
    expect(user).toMatchObject({
      name: "Ada Lovelace",
      email: body.email,
      role: "learner",
      status: "active",
      credits: 0,
    });
    expect(response.body).not.toContain("Secret123");
    expect(response.body).not.toContain("argon2");
    const row = await t.db.selectFrom("users").selectAll().where("id", "=", user._id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2/);
    expect((await login(t.app, { email: body.email, password: "Secret123" })).token).toBeTruthy();
  });

  it.each([
    [{ name: "" }, MESSAGES.nameRequired.text],
    [{ name: "A" }, MESSAGES.nameTooShort.text],
    [{ name: "A".repeat(51) }, MESSAGES.nameTooLong.text],
    [{ name: "R2 D2" }, MESSAGES.nameLetters.text],
    [{ email: "" }, MESSAGES.emailRequired.text],
    [{ email: "nope" }, MESSAGES.emailInvalid.text],
    [{ password: "" }, MESSAGES.passwordRequired.text],
    [{ password: "Ab1" }, MESSAGES.passwordTooShort.text],
    [{ password: "ABCDEFG1" }, MESSAGES.passwordLower.text],
    [{ password: "abcdefg1" }, MESSAGES.passwordUpper.text],
    [{ password: "Abcdefgh" }, MESSAGES.passwordDigit.text],
    [{ phone: "12345" }, USER_ADMIN_MESSAGES.phoneTooShort.text],
    [{ phone: "1234567890123456" }, USER_ADMIN_MESSAGES.phoneTooLong.text],
    [{ phone: "12345abc90" }, USER_ADMIN_MESSAGES.phoneInvalid.text],
    [{ website: "example.com" }, USER_ADMIN_MESSAGES.websiteInvalid.text],
    [{ credits: -1 }, USER_ADMIN_MESSAGES.creditsNegative.text],
    [{ credits: 1.5 }, USER_ADMIN_MESSAGES.creditsWhole.text],
    [{ role: "king" }, undefined],
  ])("refuses %j with 400", async (override, message) => {
    const response = await call("POST", "", admin.auth, { ...valid(), ...override });
    expect(response.statusCode).toBe(400);
    if (message) expect(messagesOf(response)).toContain(message);
  });

  it("keeps valid optional fields", async () => {
    const response = await call("POST", "", admin.auth, {
      ...valid(),
      phone: "+1 (555) 123-4567",
      website: "https://ada.example",
      bio: " Mathematician ",
      credits: 40,
      role: "instructor",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.user).toMatchObject({
      role: "instructor",
      credits: 40,
      profile: { phone: "+1 (555) 123-4567", website: "https://ada.example", bio: "Mathematician" },
    });
  });

  it("answers 409 for an e-mail already in the database, whatever its case", async () => {
    const existing = await makeUser(t.db, { email: email() });
    const response = await call("POST", "", admin.auth, { ...valid(), email: existing.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.emailTaken.text);
    expect(messagesOf(response)).toEqual([MESSAGES.emailTaken.text]);
  });

  it("lets only a super_admin create a super_admin", async () => {
    const refused = await call("POST", "", admin.auth, { ...valid(), role: "super_admin" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(USER_ADMIN_MESSAGES.superAdminOnly.text);
    expect((await call("POST", "", superAdmin.auth, { ...valid(), role: "super_admin" })).statusCode).toBe(201);
  });

  it("refuses learners and instructors with 403", async () => {
    for (const role of ["learner", "instructor"] as const) {
      const other = await makeSignedInUser(t.app, t.db, role);
      expect((await call("POST", "", other.auth, valid())).statusCode).toBe(403);
    }
  });
});

describe("GET and PUT /api/admin/users/{id}", () => {
  it("reads one user; bad ids 400, unknown 404", async () => {
    const user = await makeUser(t.db, { email: email() });
    expect((await call("GET", `/${user.id}`, admin.auth)).json().data.user.email).toBe(user.email);
    const bad = await call("GET", "/nope", admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.invalidUserId.text);
    expect((await call("GET", `/${newId()}`, admin.auth)).statusCode).toBe(404);
    expect((await call("PUT", `/${newId()}`, admin.auth, { name: "Some Body" })).statusCode).toBe(404);
    expect((await call("DELETE", `/${newId()}`, admin.auth)).statusCode).toBe(404);
    expect((await call("PATCH", `/${newId()}/toggle-status`, admin.auth)).statusCode).toBe(404);
  });

  it("omits empty optional fields and an empty password, trims, cuts the phone to 20 and adds a scheme", async () => {
    const user = await makeUser(t.db, { email: email(), bio: "Kept", phone: "5551234567" });
    const response = await call("PUT", `/${user.id}`, admin.auth, {
      name: "  Grace Hopper ",
      password: "",
      bio: "",
      phone: "+1 555 123 4567 8 9 0 12",
      website: "hopper.example",
      location: " Arlington ",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      name: "Grace Hopper",
      profile: { bio: "Kept", phone: "+1 555 123 4567 8 9", website: "https://hopper.example", location: "Arlington" },
    });
    expect((await login(t.app, user)).token).toBeTruthy();
  });

  it("changes the password when one is given, with the strong-password rules", async () => {
    const user = await makeUser(t.db, { email: email() });
    const weak = await call("PUT", `/${user.id}`, admin.auth, { password: "weakpass" });
    expect(weak.statusCode).toBe(400);
    expect(messagesOf(weak)).toContain(MESSAGES.passwordUpper.text);
    expect((await call("PUT", `/${user.id}`, admin.auth, { password: "NewSecret9" })).statusCode).toBe(200);
    expect((await login(t.app, { email: user.email, password: "NewSecret9" })).token).toBeTruthy();
  });

  it("answers 409 when the new e-mail belongs to someone else, not for the user's own", async () => {
    const user = await makeUser(t.db, { email: email() });
    const other = await makeUser(t.db, { email: email() });
    expect((await call("PUT", `/${user.id}`, admin.auth, { email: other.email })).statusCode).toBe(409);
    expect((await call("PUT", `/${user.id}`, admin.auth, { email: user.email })).statusCode).toBe(200);
  });

  it("applies the super_admin rules and refuses an admin's own demotion", async () => {
    const learner = await makeUser(t.db, { email: email() });
    const promote = await call("PUT", `/${learner.id}`, admin.auth, { role: "super_admin" });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(USER_ADMIN_MESSAGES.superAdminOnly.text);
    const aSuper = await makeUser(t.db, { email: email(), role: "super_admin" });
    expect((await call("PUT", `/${aSuper.id}`, admin.auth, { credits: 5 })).statusCode).toBe(403);
    expect((await call("PUT", `/${aSuper.id}`, superAdmin.auth, { credits: 5 })).statusCode).toBe(200);
    expect((await call("PUT", `/${learner.id}`, superAdmin.auth, { role: "super_admin" })).statusCode).toBe(200);
    const self = await call("PUT", `/${admin.user.id}`, admin.auth, { role: "learner" });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(USER_ADMIN_MESSAGES.selfDemote.text);
    expect((await call("PUT", `/${admin.user.id}`, admin.auth, { status: "suspended" })).statusCode).toBe(403);
    expect((await call("PUT", `/${admin.user.id}`, admin.auth, { role: "admin", credits: 3 })).statusCode).toBe(200);
  });

  it("suspending a user ends their refresh tokens and cuts their access token", async () => {
    const victim = await makeSignedInUser(t.app, t.db, "learner");
    expect((await call("PUT", `/${victim.user.id}`, admin.auth, { status: "suspended" })).statusCode).toBe(200);
    const profile = await t.app.inject({ method: "GET", url: "/api/auth/profile", headers: victim.auth });
    expect(profile.statusCode).toBe(401);
    const tokens = await t.db.selectFrom("refresh_tokens").selectAll().where("user_id", "=", victim.user.id).execute();
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);
    await call("PUT", `/${victim.user.id}`, admin.auth, { status: "active" });
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: victim.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe("PATCH /api/admin/users/{id}/toggle-status", () => {
  it("turns active into inactive (ending refresh tokens) and back", async () => {
    const victim = await makeSignedInUser(t.app, t.db, "learner");
    const off = await call("PATCH", `/${victim.user.id}/toggle-status`, admin.auth);
    expect(off.json().data.user.status).toBe("inactive");
    const tokens = await t.db
      .selectFrom("refresh_tokens")
      .select("revoked_at")
      .where("user_id", "=", victim.user.id)
      .execute();
    expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);
    expect((await call("PATCH", `/${victim.user.id}/toggle-status`, admin.auth)).json().data.user.status).toBe(
      "active",
    );
    expect((await call("PATCH", `/${admin.user.id}/toggle-status`, admin.auth)).statusCode).toBe(403);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("removes the user with enrollments, keeps the course counters right and their activity with their name", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeUser(t.db, { email: email() });
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.id, status: "completed", rating: 4 });
    await makeEnrollment(t.db, { course_id: course.id });
    const activityId = newId();
    await t.db
      .insertInto("activities")
      .values({
        id: activityId,
        user_id: learner.id,
        type: "login",
        title: "Signed in",
        created_at: new Date().toISOString(),
      })
      .execute();
    const response = await call("DELETE", `/${learner.id}`, admin.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(USER_ADMIN_MESSAGES.deleted.text);
    expect(await t.db.selectFrom("users").select("id").where("id", "=", learner.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("enrollments").select("id").where("user_id", "=", learner.id).execute()).toEqual([]);
    const counters = await t.db
      .selectFrom("courses")
      .select(["enrollment_count", "completion_count", "rating_count", "rating_sum"])
      .where("id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect(counters).toEqual({ enrollment_count: 1, completion_count: 0, rating_count: 0, rating_sum: 0 });
    const activity = await t.db
      .selectFrom("activities")
      .select(["user_id", "user_name"])
      .where("id", "=", activityId)
      .executeTakeFirstOrThrow();
    expect(activity).toEqual({ user_id: null, user_name: learner.name });
  });

  it("refuses an instructor who teaches courses with 409, a super_admin and oneself with 403", async () => {
    const course = await makeCourse(t.db);
    const teaching = await call("DELETE", `/${course.instructor_id}`, admin.auth);
    expect(teaching.statusCode).toBe(409);
    expect(teaching.json().message).toBe(USER_ADMIN_MESSAGES.teachesCourses.text);
    const aSuper = await makeUser(t.db, { email: email(), role: "super_admin" });
    for (const actor of [admin, superAdmin]) {
      const refused = await call("DELETE", `/${aSuper.id}`, actor.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(USER_ADMIN_MESSAGES.superAdminUndeletable.text);
    }
    const self = await call("DELETE", `/${admin.user.id}`, admin.auth);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(USER_ADMIN_MESSAGES.selfDelete.text);
  });
});

describe("bulk operations", () => {
  it("bulk-updates role, status and credits of every chosen user", async () => {
    const a = await makeUser(t.db, { email: email() });
    const b = await makeUser(t.db, { email: email() });
    const response = await call("POST", "/bulk-update", admin.auth, {
      userIds: [a.id, b.id],
      updates: { credits: 75, role: "instructor" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.count).toBe(2);
    const rows = await t.db.selectFrom("users").select(["credits", "role"]).where("id", "in", [a.id, b.id]).execute();
    expect(rows).toEqual([
      { credits: 75, role: "instructor" },
      { credits: 75, role: "instructor" },
    ]);
  });

  it("changes nothing and names each refused id when any is refused", async () => {
    const a = await makeUser(t.db, { email: email(), credits: 1 });
    const aSuper = await makeUser(t.db, { email: email(), role: "super_admin", credits: 1 });
    const missing = newId();
    const response = await call("POST", "/bulk-update", admin.auth, {
      userIds: [a.id, aSuper.id, missing, admin.user.id],
      updates: { status: "suspended", credits: 9 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(USER_ADMIN_MESSAGES.bulkRefused.text);
    expect(response.json().errors).toMatchObject([
      { path: aSuper.id, msg: USER_ADMIN_MESSAGES.superAdminOnly.text },
      { path: missing, msg: MESSAGES.userNotFound.text },
      { path: admin.user.id, msg: USER_ADMIN_MESSAGES.selfDemote.text },
    ]);
    const row = await t.db
      .selectFrom("users")
      .select(["credits", "status"])
      .where("id", "=", a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ credits: 1, status: "active" });
  });

  it("bulk suspension ends the users' refresh tokens", async () => {
    const a = await makeSignedInUser(t.app, t.db, "learner");
    await call("POST", "/bulk-update", admin.auth, { userIds: [a.user.id], updates: { status: "suspended" } });
    const tokens = await t.db
      .selectFrom("refresh_tokens")
      .select("revoked_at")
      .where("user_id", "=", a.user.id)
      .execute();
    expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);
  });

  it("refuses bad bodies with 400", async () => {
    const a = await makeUser(t.db, { email: email() });
    expect((await call("POST", "/bulk-update", admin.auth, { userIds: [a.id], updates: {} })).statusCode).toBe(400);
    expect(
      (await call("POST", "/bulk-update", admin.auth, { userIds: ["x"], updates: { credits: 1 } })).statusCode,
    ).toBe(400);
    expect((await call("POST", "/bulk-delete", admin.auth, { userIds: [] })).statusCode).toBe(400);
  });

  it("bulk-deletes all or nothing: an instructor with courses refuses the whole call with 409", async () => {
    const a = await makeUser(t.db, { email: email() });
    const course = await makeCourse(t.db);
    const refused = await call("POST", "/bulk-delete", admin.auth, { userIds: [a.id, course.instructor_id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toMatchObject([
      { path: course.instructor_id, msg: USER_ADMIN_MESSAGES.teachesCourses.text },
    ]);
    expect(await t.db.selectFrom("users").select("id").where("id", "=", a.id).executeTakeFirst()).toBeDefined();
    const b = await makeUser(t.db, { email: email() });
    const done = await call("POST", "/bulk-delete", admin.auth, { userIds: [a.id, b.id] });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.count).toBe(2);
    expect(await t.db.selectFrom("users").select("id").where("id", "in", [a.id, b.id]).execute()).toEqual([]);
  });
});
