import { ASSESSMENT_MESSAGES, MESSAGES, NOTIFICATION_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { AUTO_ONLY } from "./support/assessments.js";
import { makeCategory, makeCourse, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  categoryId = (await makeCategory(t.db)).id;
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: "POST", url, headers, payload });

const fieldOf = (body: { errors: { path: string }[] }, path: string) => body.errors.find((item) => item.path === path);

describe("error codes travel with errors", () => {
  it("names a course's missing title with the course message's code, on the body and on the field", async () => {
    const response = await post("/api/courses", instructor.auth, {
      title: "",
      description: "Everything about writing good tests.",
      shortDescription: "Write tests that catch bugs.",
      categoryId,
      duration: 90,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ message: MESSAGES.titleRequired.text, code: "MESSAGES.titleRequired" });
    expect(fieldOf(body, "title")).toEqual({ path: "title", msg: "Title is required", code: "MESSAGES.titleRequired" });
  });

  it("gives each field error its own code", async () => {
    const response = await post("/api/auth/register", {}, { name: "", email: "not-an-email", password: "Password1" });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(fieldOf(body, "name")).toMatchObject({ msg: MESSAGES.nameRequired.text, code: "MESSAGES.nameRequired" });
    expect(fieldOf(body, "email")).toMatchObject({ msg: MESSAGES.emailInvalid.text, code: "MESSAGES.emailInvalid" });
  });

  it("tells two groups' equal English texts apart by the group that raised them", async () => {
    expect(ASSESSMENT_MESSAGES.titleRequired.text).toBe(MESSAGES.titleRequired.text);
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const assessment = await post(`/api/instructor/courses/${course.id}/assessments`, instructor.auth, {
      title: " ",
      questions: AUTO_ONLY,
    });
    expect(assessment.statusCode).toBe(400);
    expect(assessment.json()).toMatchObject({
      message: "Title is required",
      code: "ASSESSMENT_MESSAGES.titleRequired",
    });
    expect(fieldOf(assessment.json(), "title")).toMatchObject({ code: "ASSESSMENT_MESSAGES.titleRequired" });

    // Raised by AppError: "Course not found" of the notifications group and of the course pages.
    expect(NOTIFICATION_MESSAGES.courseNotFound.text).toBe(MESSAGES.courseNotFound.text);
    const unknownCourse = "0123456789abcdef01234567";
    const broadcast = await post("/api/admin/notifications", admin.auth, {
      title: "Hello",
      message: "Welcome",
      audience: { type: "course", courseId: unknownCourse },
      channels: ["in-app"],
    });
    const detail = await t.app.inject({ method: "GET", url: `/api/courses/${unknownCourse}`, headers: admin.auth });
    expect(detail.json()).toMatchObject({ message: "Course not found", code: "MESSAGES.courseNotFound" });
    expect(broadcast.json()).toMatchObject({
      message: "Course not found",
      code: "NOTIFICATION_MESSAGES.courseNotFound",
    });
  });
});
