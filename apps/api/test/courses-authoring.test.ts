import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCategory, makeCourse, makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
  categoryId = (await makeCategory(t.db)).id;
});
afterAll(() => t.close());

const valid = () => ({
  title: "Intro to Testing",
  description: "Everything about writing good tests.",
  shortDescription: "Write tests that catch bugs.",
  categoryId,
  duration: 90,
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH", url: string, auth: object, payload?: object) =>
  t.app.inject({ method, url, headers: auth as Record<string, string>, ...(payload ? { payload } : {}) });

describe("POST /api/courses", () => {
  it("lets an instructor create a draft course they own, with defaults and a generated code", async () => {
    const response = await call("POST", "/api/courses", instructor.auth, {
      ...valid(),
      tags: ["testing", " qa ", "", "testing"],
      requirements: ["Some JavaScript"],
      instructorId: otherInstructor.user.id,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(MESSAGES.courseCreated.text);
    expect(body.data.course).toMatchObject({
      title: "Intro to Testing",
      instructorId: { _id: instructor.user.id },
      published: false,
      priceCredits: 0,
      difficulty: "beginner",
      language: "en",
      tags: ["testing", "qa"],
      requirements: ["Some JavaScript"],
      learningOutcomes: [],
      categoryId: { _id: categoryId },
    });
    expect(body.data.course.courseCode).toMatch(/^ITT-\d{3}$/);
  });

  it("requires an admin to name an active instructor", async () => {
    const missing = await call("POST", "/api/admin/courses", admin.auth, valid());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.selectInstructor.text);

    const suspended = await makeUser(t.db, { role: "instructor", status: "suspended" });
    const inactive = await call("POST", "/api/admin/courses", admin.auth, { ...valid(), instructorId: suspended.id });
    expect(inactive.json().message).toBe(MESSAGES.selectInstructor.text);

    const notInstructor = await call("POST", "/api/admin/courses", admin.auth, {
      ...valid(),
      instructorId: learner.user.id,
    });
    expect(notInstructor.statusCode).toBe(400);

    const ok = await call("POST", "/api/admin/courses", admin.auth, {
      ...valid(),
      instructorId: instructor.user.id,
      courseCode: "qa-101",
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.course).toMatchObject({ instructorId: { _id: instructor.user.id }, courseCode: "QA-101" });
  });

  it.each([
    ["title", { title: "" }, MESSAGES.titleRequired.text],
    ["description", { description: "  " }, MESSAGES.descriptionRequired.text],
    ["shortDescription too short", { shortDescription: "too short" }, MESSAGES.shortDescriptionLength.text],
    ["shortDescription too long", { shortDescription: "x".repeat(201) }, MESSAGES.shortDescriptionLength.text],
    ["categoryId", { categoryId: "" }, MESSAGES.categoryRequired.text],
    ["duration 0", { duration: 0 }, MESSAGES.durationMin.text],
    ["duration not whole", { duration: 1.5 }, MESSAGES.durationWhole.text],
    ["negative price", { priceCredits: -1 }, MESSAGES.priceMin.text],
    ["fractional price", { priceCredits: 2.5 }, MESSAGES.priceWhole.text],
    ["difficulty", { difficulty: "expert" }, undefined],
    ["language", { language: "it" }, undefined],
    ["tags as text", { tags: "a, b" }, undefined],
    ["course code", { courseCode: "../x" }, MESSAGES.courseCodeInvalid.text],
  ])("refuses a bad %s with 400", async (_name, change, message) => {
    const response = await call("POST", "/api/courses", instructor.auth, { ...valid(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    if (message) expect(response.json().errors.map((e: { msg: string }) => e.msg)).toContain(message);
  });

  it("refuses an unknown category, a taken code, and creation past maxCourses", async () => {
    const unknown = await call("POST", "/api/courses", instructor.auth, { ...valid(), categoryId: "f".repeat(24) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MESSAGES.categoryNotFound.text);

    await makeCourse(t.db, { course_code: "TAKEN-1" });
    const taken = await call("POST", "/api/courses", instructor.auth, { ...valid(), courseCode: "taken-1" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGES.courseCodeTaken.text);

    const count = await t.db
      .selectFrom("courses")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    await saveSystemSettings(t.db, { maxCourses: Number(count.n) });
    const full = await call("POST", "/api/courses", instructor.auth, valid());
    expect(full.statusCode).toBe(403);
    expect(full.json().message).toBe(MESSAGES.courseLimitReached.text);
    await saveSystemSettings(t.db, { maxCourses: 500 });
  });

  it("does not let learners or anonymous callers create courses", async () => {
    expect((await call("POST", "/api/courses", learner.auth, valid())).statusCode).toBe(403);
    expect((await call("POST", "/api/courses", {}, valid())).statusCode).toBe(401);
  });
});

describe("PUT and DELETE /api/courses/{id}", () => {
  it("lets the instructor edit their course but not reassign it", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await call("PUT", `/api/courses/${course.id}`, instructor.auth, {
      title: "Renamed",
      priceCredits: 30,
      learningOutcomes: ["Ship it"],
      instructorId: otherInstructor.user.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.course).toMatchObject({
      title: "Renamed",
      priceCredits: 30,
      learningOutcomes: ["Ship it"],
      instructorId: { _id: instructor.user.id },
      shortDescription: course.short_description,
    });
  });

  it("lets an admin reassign a course to another active instructor", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await call("PUT", `/api/admin/courses/${course.id}`, admin.auth, {
      instructorId: otherInstructor.user.id,
    });
    expect(response.json().data.course.instructorId._id).toBe(otherInstructor.user.id);
    const bad = await call("PUT", `/api/admin/courses/${course.id}`, admin.auth, { instructorId: learner.user.id });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses another instructor's course with 403, an unknown id with 404 and a malformed id with 400", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const foreign = await call("PUT", `/api/courses/${course.id}`, otherInstructor.auth, { title: "Mine now" });
    expect(foreign.statusCode).toBe(403);
    expect((await call("DELETE", `/api/instructor/courses/${course.id}`, otherInstructor.auth)).statusCode).toBe(403);
    expect((await call("PUT", `/api/courses/${"a".repeat(24)}`, instructor.auth, { title: "x" })).statusCode).toBe(404);
    const malformed = await call("PUT", "/api/courses/not-an-id", instructor.auth, { title: "x" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.invalidCourseId.text);
  });

  it("refuses a short description under 10 characters on update", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await call("PUT", `/api/courses/${course.id}`, instructor.auth, { shortDescription: "short" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.shortDescriptionLength.text);
  });

  it("deletes a course and everything below it", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await call("DELETE", `/api/courses/${course.id}`, instructor.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.courseDeleted.text);
    expect(
      await t.db.selectFrom("courses").select("id").where("id", "=", course.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await call("DELETE", `/api/courses/${course.id}`, instructor.auth)).statusCode).toBe(404);
  });
});

describe("managed course lists and publishing", () => {
  it("lists an instructor's own courses (drafts included) and every course for admins", async () => {
    const mine = await makeCourse(t.db, { instructor_id: instructor.user.id, published: 0, title: "Draft of mine" });
    const theirs = await makeCourse(t.db, { instructor_id: otherInstructor.user.id });
    const own = await call("GET", "/api/instructor/courses?limit=100", instructor.auth);
    const ids = own.json().data.courses.map((c: { _id: string }) => c._id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);

    const all = await call("GET", "/api/admin/courses?limit=100&status=draft", admin.auth);
    const drafts = all.json().data.courses;
    expect(drafts.map((c: { _id: string }) => c._id)).toContain(mine.id);
    expect(drafts.every((c: { published: boolean }) => !c.published)).toBe(true);
    expect(all.json().data.pagination.limit).toBe(100);

    expect((await call("GET", "/api/admin/courses?limit=1000", admin.auth)).statusCode).toBe(400);
    expect((await call("GET", "/api/admin/courses", instructor.auth)).statusCode).toBe(403);
  });

  it("publishes with status active and unpublishes with inactive (admins only)", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, published: 0 });
    const url = `/api/admin/courses/${course.id}/status`;
    const on = await call("PATCH", url, admin.auth, { status: "active" });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: MESSAGES.coursePublished.text, data: { course: { published: true } } });
    const off = await call("PATCH", url, admin.auth, { status: "inactive" });
    expect(off.json().data.course.published).toBe(false);
    expect((await call("PATCH", url, admin.auth, { status: "archived" })).statusCode).toBe(400);
    expect((await call("PATCH", url, instructor.auth, { status: "active" })).statusCode).toBe(403);
    expect(
      (await call("PATCH", `/api/admin/courses/${"b".repeat(24)}/status`, admin.auth, { status: "active" })).statusCode,
    ).toBe(404);
  });
});
