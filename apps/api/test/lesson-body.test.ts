import { CONTENT_MESSAGES, LESSON_BODY_MAX } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const send = (method: "POST" | "PUT", url: string, auth: Auth, payload: object) =>
  t.app.inject({ method, url, headers: auth, payload });

async function myLesson() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const lesson = await makeLesson(t.db, { course_id: course.id });
  const moduleUrl = `/api/instructor/courses/${course.id}/modules/${lesson.module_id}`;
  return { course, lesson, moduleUrl, lessonUrl: `${moduleUrl}/lessons/${lesson.id}` };
}

/** The lesson as an enrolled learner reads it in the course detail. */
async function bodySeenBy(auth: Auth, courseId: string, lessonId: string) {
  const detail = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/detail`, headers: auth });
  expect(detail.statusCode).toBe(200);
  const lessons = detail.json().data.course.modules.flatMap((m: { lessons: { _id: string }[] }) => m.lessons);
  return lessons.find((l: { _id: string }) => l._id === lessonId)?.body;
}

describe("a lesson's rich-text body", () => {
  it("round-trips formatted text from creation and edit to the enrolled learner", async () => {
    const { course, moduleUrl, lessonUrl, lesson } = await myLesson();
    const formatted = "<p>Read <strong>this</strong> first:</p><ul><li>one</li><li><em>two</em></li></ul>";
    const created = await send("POST", `${moduleUrl}/lessons`, instructor.auth, { title: "Reading", body: formatted });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.lesson.body).toBe(formatted);
    const plain = await send("POST", `${moduleUrl}/lessons`, instructor.auth, { title: "No body" });
    expect(plain.json().data.lesson.body).toBe("");

    const edited = await send("PUT", lessonUrl, instructor.auth, { body: "<p>Step <code>npm test</code></p>" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.lesson.body).toBe("<p>Step <code>npm test</code></p>");
    // An edit that leaves the body out keeps it.
    const renamed = await send("PUT", lessonUrl, instructor.auth, { title: "Renamed" });
    expect(renamed.json().data.lesson.body).toBe("<p>Step <code>npm test</code></p>");

    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    expect(await bodySeenBy(learner.auth, course.id, lesson.id)).toBe("<p>Step <code>npm test</code></p>");
    expect(await bodySeenBy(learner.auth, course.id, created.json().data.lesson._id)).toBe(formatted);
  });

  it("strips scripts, event handlers and javascript: links, and gives links a safe rel", async () => {
    const { lessonUrl } = await myLesson();
    const hostile =
      '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">bad</a> <a href="https://example.org" onmouseover="x()">good</a></p>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';
    const response = await send("PUT", lessonUrl, instructor.auth, { body: hostile });
    expect(response.statusCode).toBe(200);
    const body: string = response.json().data.lesson.body;
    for (const banned of [
      "<script",
      "alert(",
      "onerror",
      "onclick",
      "onmouseover",
      "javascript:",
      "<img",
      "<iframe",
      "<style",
    ]) {
      expect(body).not.toContain(banned);
    }
    expect(body).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">good</a>');
    expect(body).toContain("Hi");
    const stored = await t.db
      .selectFrom("lessons")
      .select("body")
      .where("id", "=", response.json().data.lesson._id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe(body);
  });

  it("refuses a body over the limit with a clear 400 and keeps the stored one", async () => {
    const { lessonUrl, moduleUrl, lesson } = await myLesson();
    await send("PUT", lessonUrl, instructor.auth, { body: "<p>kept</p>" });
    const tooLong = `<p>${"a".repeat(LESSON_BODY_MAX)}</p>`;
    const edit = await send("PUT", lessonUrl, instructor.auth, { body: tooLong });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({
      message: CONTENT_MESSAGES.bodyTooLong.text,
      code: "CONTENT_MESSAGES.bodyTooLong",
    });
    const create = await send("POST", `${moduleUrl}/lessons`, instructor.auth, { title: "Long", body: tooLong });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe(CONTENT_MESSAGES.bodyTooLong.text);
    const stored = await t.db
      .selectFrom("lessons")
      .select("body")
      .where("id", "=", lesson.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe("<p>kept</p>");
  });

  it("lets only the course's managers write it: learners and other instructors get 403", async () => {
    const { course, lessonUrl, lesson } = await myLesson();
    const enrolled = await makeEnrolledLearner(t.app, t.db, course.id);
    const otherCourse = await makeCourse(t.db);
    const elsewhere = await makeEnrolledLearner(t.app, t.db, otherCourse.id);
    for (const auth of [enrolled.auth, elsewhere.auth, otherInstructor.auth]) {
      expect((await send("PUT", lessonUrl, auth, { body: "<p>mine now</p>" })).statusCode).toBe(403);
    }
    const stored = await t.db
      .selectFrom("lessons")
      .select("body")
      .where("id", "=", lesson.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe("");
  });
});
