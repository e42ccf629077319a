import { CONTENT_MESSAGES, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeModule, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const reorder = (courseId: string, auth: Auth, payload: object, area = "instructor") =>
  t.app.inject({ method: "PUT", url: `/api/${area}/courses/${courseId}/modules/order`, headers: auth, payload });

/** A course of two modules, A (lessons a1, a2, a3 with a3 a draft) and B (lesson b1). */
async function twoModules() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const a = await makeModule(t.db, { course_id: course.id, title: "A", sort_order: 1 });
  const b = await makeModule(t.db, { course_id: course.id, title: "B", sort_order: 2 });
  const a1 = await makeLesson(t.db, { module_id: a.id, title: "a1", sort_order: 1 });
  const a2 = await makeLesson(t.db, { module_id: a.id, title: "a2", sort_order: 2 });
  const a3 = await makeLesson(t.db, { module_id: a.id, title: "a3", sort_order: 3, is_published: 0 });
  const b1 = await makeLesson(t.db, { module_id: b.id, title: "b1", sort_order: 1 });
  return { course, a, b, a1, a2, a3, b1 };
}

/** Module titles, each with its lesson titles, as a reader of the course detail sees them. */
async function syllabus(auth: Auth, courseId: string) {
  const detail = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/detail`, headers: auth });
  expect(detail.statusCode).toBe(200);
  return detail
    .json()
    .data.course.modules.map(
      (m: { title: string; lessons: { title: string }[] }) => `${m.title}: ${m.lessons.map((l) => l.title).join(" ")}`,
    );
}

describe("PUT /{area}/courses/{id}/modules/order", () => {
  it("puts modules and lessons in the new order, for the managers and the learners alike", async () => {
    const { course, a, b, a1, a2, a3, b1 } = await twoModules();
    const response = await reorder(course.id, instructor.auth, {
      modules: [
        { _id: b.id, lessonIds: [b1.id] },
        { _id: a.id, lessonIds: [a3.id, a1.id, a2.id] },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CONTENT_MESSAGES.reordered.text);
    const modules = response.json().data.modules;
    expect(modules.map((m: { title: string; order: number }) => [m.title, m.order])).toEqual([
      ["B", 1],
      ["A", 2],
    ]);
    expect(modules[1].lessons.map((l: { title: string; order: number }) => [l.title, l.order])).toEqual([
      ["a3", 1],
      ["a1", 2],
      ["a2", 3],
    ]);

    expect(await syllabus(instructor.auth, course.id)).toEqual(["B: b1", "A: a3 a1 a2"]);
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    expect(await syllabus(learner.auth, course.id)).toEqual(["B: b1", "A: a1 a2"]);

    // An admin reorders any course through the admin area.
    const back = await reorder(
      course.id,
      admin.auth,
      {
        modules: [
          { _id: a.id, lessonIds: [a1.id, a2.id, a3.id] },
          { _id: b.id, lessonIds: [b1.id] },
        ],
      },
      "admin",
    );
    expect(back.statusCode).toBe(200);
    expect(await syllabus(learner.auth, course.id)).toEqual(["A: a1 a2", "B: b1"]);
  });

  it("refuses a missing, duplicate, moved or foreign id with a 400 and changes nothing", async () => {
    const { course, a, b, a1, a2, a3, b1 } = await twoModules();
    const foreign = await makeModule(t.db);
    const foreignLesson = await makeLesson(t.db, { module_id: foreign.id });
    const wrong = {
      missingModule: [{ _id: a.id, lessonIds: [a1.id, a2.id, a3.id] }],
      duplicateModule: [
        { _id: a.id, lessonIds: [a1.id, a2.id, a3.id] },
        { _id: a.id, lessonIds: [a1.id, a2.id, a3.id] },
      ],
      foreignModule: [
        { _id: a.id, lessonIds: [a1.id, a2.id, a3.id] },
        { _id: foreign.id, lessonIds: [b1.id] },
      ],
      missingLesson: [
        { _id: a.id, lessonIds: [a1.id, a2.id] },
        { _id: b.id, lessonIds: [b1.id] },
      ],
      duplicateLesson: [
        { _id: a.id, lessonIds: [a1.id, a1.id, a2.id] },
        { _id: b.id, lessonIds: [b1.id, a3.id] },
      ],
      movedLesson: [
        { _id: a.id, lessonIds: [a1.id, a2.id] },
        { _id: b.id, lessonIds: [b1.id, a3.id] },
      ],
      foreignLesson: [
        { _id: a.id, lessonIds: [a1.id, a2.id, a3.id] },
        { _id: b.id, lessonIds: [b1.id, foreignLesson.id] },
      ],
    };
    for (const [name, modules] of Object.entries(wrong)) {
      const response = await reorder(course.id, instructor.auth, { modules });
      expect(response.statusCode, name).toBe(400);
      const expected = name.endsWith("Module") ? "orderModulesMismatch" : "orderLessonsMismatch";
      expect(response.json().code, name).toBe(`CONTENT_MESSAGES.${expected}`);
    }
    const malformed = await reorder(course.id, instructor.auth, { modules: [{ _id: "nope", lessonIds: [] }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.invalidId.text);
    expect((await reorder(course.id, instructor.auth, { modules: [] })).statusCode).toBe(400);
    expect((await reorder(course.id, instructor.auth, {})).statusCode).toBe(400);
    expect(await syllabus(instructor.auth, course.id)).toEqual(["A: a1 a2 a3", "B: b1"]);
  });

  it("answers 404 for an unknown course and 403 to learners and other instructors", async () => {
    const { course, a, b, a1, a2, a3, b1 } = await twoModules();
    const order = {
      modules: [
        { _id: b.id, lessonIds: [b1.id] },
        { _id: a.id, lessonIds: [a1.id, a2.id, a3.id] },
      ],
    };
    expect((await reorder("d".repeat(24), instructor.auth, order)).statusCode).toBe(404);
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    expect((await reorder(course.id, learner.auth, order)).statusCode).toBe(403);
    expect((await reorder(course.id, otherInstructor.auth, order)).statusCode).toBe(403);
    expect((await reorder(course.id, {}, order)).statusCode).toBe(401);
    expect(await syllabus(instructor.auth, course.id)).toEqual(["A: a1 a2 a3", "B: b1"]);
  });
});
