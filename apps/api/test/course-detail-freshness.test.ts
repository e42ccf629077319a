import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeLessonFile,
  makeModule,
  makeSignedInUser,
} from "./support/factories.js";
import { postMaterial } from "./support/materials.js";

// The shared part of a course's detail is kept serialised per course; with caches this long only a
// clear by the write explains a fresh read, so each edit must be seen by the very next detail read.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_SECONDS: "60", AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

type Detail = {
  modules: {
    _id: string;
    title: string;
    lessons: { _id: string; title: string; files: { _id: string; progress: unknown }[] }[];
  }[];
  materials: { title: string }[];
  published: boolean;
  progress: { percentage: number } | null;
};

async function detail(courseId: string, auth: Record<string, string>): Promise<Detail> {
  const response = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/detail`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json().data.course;
}
const lessonTitles = (course: Detail) => course.modules.map((m) => m.lessons.map((l) => l.title));

/** A published course of one module with two lessons of a file each, and two enrolled learners. */
async function course() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const first = await makeSignedInUser(t.app, t.db, "learner");
  const second = await makeSignedInUser(t.app, t.db, "learner");
  const row = await makeCourse(t.db, { instructor_id: teacher.user.id, published: 1 });
  const unit = await makeModule(t.db, { course_id: row.id, title: "Unit", sort_order: 1 });
  const one = await makeLesson(t.db, { module_id: unit.id, title: "One", sort_order: 1 });
  const two = await makeLesson(t.db, { module_id: unit.id, title: "Two", sort_order: 2 });
  const oneFile = await makeLessonFile(t.db, { lesson_id: one.id, name: "one.pdf" });
  const twoFile = await makeLessonFile(t.db, { lesson_id: two.id, name: "two.pdf" });
  for (const learner of [first, second]) await makeEnrollment(t.db, { course_id: row.id, user_id: learner.user.id });
  const lessonsUrl = `/api/instructor/courses/${row.id}/modules/${unit.id}/lessons`;
  const write = async (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: teacher.auth, ...(payload && { payload }) });
    expect(response.statusCode).toBeLessThan(300);
    return response;
  };
  return { teacher, first, second, course: row, unit, one, two, oneFile, twoFile, lessonsUrl, write };
}

describe("the course detail after an edit of its course", () => {
  it("shows a renamed lesson, a new one and a removed one at the next read", async () => {
    const c = await course();
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["One", "Two"]]);

    await c.write("PUT", `${c.lessonsUrl}/${c.one.id}`, { title: "One, renamed" });
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["One, renamed", "Two"]]);

    await c.write("POST", c.lessonsUrl, { title: "Three" });
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["One, renamed", "Two", "Three"]]);

    await c.write("DELETE", `${c.lessonsUrl}/${c.two.id}`);
    expect(lessonTitles(await detail(c.course.id, c.second.auth))).toEqual([["One, renamed", "Three"]]);
  });

  it("shows a new order of lessons at the next read", async () => {
    const c = await course();
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["One", "Two"]]);

    await c.write("PUT", `/api/instructor/courses/${c.course.id}/modules/order`, {
      modules: [{ _id: c.unit.id, lessonIds: [c.two.id, c.one.id] }],
    });
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["Two", "One"]]);
  });

  it("hides an unpublished lesson from learners and shows it again once published, at the next read", async () => {
    const c = await course();
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["One", "Two"]]);

    await c.write("PUT", `${c.lessonsUrl}/${c.two.id}`, { isPublished: false });
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["One"]]);
    expect(lessonTitles(await detail(c.course.id, c.teacher.auth))).toEqual([["One", "Two"]]);

    await c.write("PUT", `${c.lessonsUrl}/${c.two.id}`, { isPublished: true });
    expect(lessonTitles(await detail(c.course.id, c.first.auth))).toEqual([["One", "Two"]]);
  });

  it("lists a new material at the next read", async () => {
    const c = await course();
    expect((await detail(c.course.id, c.first.auth)).materials).toEqual([]);

    const created = await postMaterial(t.app, c.course.id, c.teacher.auth, {
      title: "Reading list",
      url: "https://example.com/reading",
    });
    expect(created.statusCode).toBe(201);
    expect((await detail(c.course.id, c.first.auth)).materials.map((m) => m.title)).toEqual(["Reading list"]);
  });

  it("shows an unpublished course as unpublished to its learners at the next read", async () => {
    const c = await course();
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    expect((await detail(c.course.id, c.first.auth)).published).toBe(true);

    const unpublish = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/courses/${c.course.id}/status`,
      headers: admin.auth,
      payload: { status: "inactive" },
    });
    expect(unpublish.statusCode).toBe(200);
    expect((await detail(c.course.id, c.first.auth)).published).toBe(false);
  });
});

describe("the course detail per reader", () => {
  it("shows each learner their own progress on the same cached course", async () => {
    const c = await course();
    const report = (learner: typeof c.first, lessonId: string, fileId: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/courses/${c.course.id}/lessons/${lessonId}/progress`,
        headers: learner.auth,
        payload: { fileId, position: 0, duration: 0 },
      });
    const filesDone = (course: Detail) =>
      course.modules.flatMap((m) =>
        m.lessons.flatMap((l) => l.files.filter((f) => f.progress !== null).map((f) => f._id)),
      );

    expect((await report(c.first, c.one.id, c.oneFile.id)).statusCode).toBe(200);
    const first = await detail(c.course.id, c.first.auth);
    const second = await detail(c.course.id, c.second.auth);
    expect(filesDone(first)).toEqual([c.oneFile.id]);
    expect(first.progress?.percentage).toBe(50);
    expect(filesDone(second)).toEqual([]);
    expect(second.progress?.percentage).toBe(0);

    expect((await report(c.second, c.two.id, c.twoFile.id)).statusCode).toBe(200);
    expect(filesDone(await detail(c.course.id, c.second.auth))).toEqual([c.twoFile.id]);
    expect(filesDone(await detail(c.course.id, c.first.auth))).toEqual([c.oneFile.id]);
  });
});
