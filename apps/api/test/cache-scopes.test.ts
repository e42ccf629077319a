import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scopedRoutes } from "../src/cache/write-scopes.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeLessonFile,
  makeModule,
  makeSignedInUser,
} from "./support/factories.js";

// Caches long enough that only a clear explains a fresh read; changes made behind the api's back
// (as another process would) show whether an answer still comes from the cache.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_SECONDS: "60", AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

const get = (url: string, auth: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: auth });
const catalogueTitles = async (word: string) => {
  const response = await get(`/api/courses?search=${encodeURIComponent(word)}`);
  expect(response.statusCode).toBe(200);
  return response.json().data.courses.map((c: { title: string }) => c.title);
};
const moduleTitles = async (courseId: string, auth: Record<string, string>) => {
  const response = await get(`/api/courses/${courseId}/detail`, auth);
  expect(response.statusCode).toBe(200);
  return response.json().data.course.modules.map((m: { title: string }) => m.title);
};
const renameBehind = (courseId: string, title: string) =>
  t.db.updateTable("courses").set({ title }).where("id", "=", courseId).execute();

async function courseWithLearner() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const learner = await makeSignedInUser(t.app, t.db, "learner");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, published: 1 });
  const intro = await makeModule(t.db, { course_id: course.id, title: "Intro", sort_order: 1 });
  const lesson = await makeLesson(t.db, { module_id: intro.id, title: "Welcome" });
  const file = await makeLessonFile(t.db, { lesson_id: lesson.id, name: "notes.pdf" });
  await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
  return { teacher, learner, course, lesson, file };
}

describe("writes clear what they change", () => {
  it("a progress report leaves the catalogue and another course's detail cached, and shows the learner's own progress", async () => {
    const reported = await courseWithLearner();
    const other = await courseWithLearner();
    await makeEnrollment(t.db, { course_id: other.course.id, user_id: reported.learner.user.id });
    const word = reported.course.course_code;
    expect(await catalogueTitles(word)).toEqual([reported.course.title]);
    expect(await moduleTitles(other.course.id, reported.learner.auth)).toEqual(["Intro"]);

    await renameBehind(reported.course.id, "Renamed behind");
    await makeModule(t.db, { course_id: other.course.id, title: "Behind", sort_order: 2 });
    const report = await t.app.inject({
      method: "POST",
      url: `/api/courses/${reported.course.id}/lessons/${reported.lesson.id}/progress`,
      headers: reported.learner.auth,
      payload: { fileId: reported.file.id, position: 0, duration: 0 },
    });
    expect(report.statusCode).toBe(200);

    expect(await catalogueTitles(word)).toEqual([reported.course.title]);
    expect(await moduleTitles(other.course.id, reported.learner.auth)).toEqual(["Intro"]);
    const detail = await get(`/api/courses/${reported.course.id}/detail`, reported.learner.auth);
    expect(detail.json().data.course.progress.percentage).toBe(100);
  });

  it("an unpublish drops the course from the catalogue and its public page at once", async () => {
    const { course } = await courseWithLearner();
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    expect(await catalogueTitles(course.course_code)).toEqual([course.title]);
    expect((await get(`/api/courses/${course.id}`)).statusCode).toBe(200);

    const unpublish = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/courses/${course.id}/status`,
      headers: admin.auth,
      payload: { status: "inactive" },
    });
    expect(unpublish.statusCode).toBe(200);
    expect(await catalogueTitles(course.course_code)).toEqual([]);
    expect((await get(`/api/courses/${course.id}`)).statusCode).toBe(404);
  });

  it("an edit of one course clears that course's detail and the catalogue, not another course's detail", async () => {
    const edited = await courseWithLearner();
    const other = await courseWithLearner();
    expect(await moduleTitles(edited.course.id, edited.learner.auth)).toEqual(["Intro"]);
    expect(await moduleTitles(other.course.id, other.learner.auth)).toEqual(["Intro"]);
    await makeModule(t.db, { course_id: edited.course.id, title: "Behind", sort_order: 2 });
    await makeModule(t.db, { course_id: other.course.id, title: "Behind", sort_order: 2 });

    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${edited.course.id}`,
      headers: edited.teacher.auth,
      payload: { title: "Edited title" },
    });
    expect(edit.statusCode).toBe(200);
    expect(await moduleTitles(edited.course.id, edited.learner.auth)).toEqual(["Intro", "Behind"]);
    expect(await catalogueTitles(edited.course.course_code)).toEqual(["Edited title"]);
    expect(await moduleTitles(other.course.id, other.learner.auth)).toEqual(["Intro"]);
  });

  it("a suspension cuts the user off at once, leaving other users' sessions cached", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const suspended = await makeSignedInUser(t.app, t.db, "learner");
    const bystander = await makeSignedInUser(t.app, t.db, "learner");
    const profile = (auth: Record<string, string>) => get("/api/auth/profile", auth);
    expect((await profile(suspended.auth)).statusCode).toBe(200);
    expect((await profile(bystander.auth)).statusCode).toBe(200);
    await t.db.updateTable("users").set({ status: "inactive" }).where("id", "=", bystander.user.id).execute();

    const toggle = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${suspended.user.id}/toggle-status`,
      headers: admin.auth,
    });
    expect(toggle.statusCode).toBe(200);
    expect((await profile(suspended.auth)).statusCode).toBe(401);
    // Changed behind the api's back, so still answered from the cached row: the toggle cleared one user.
    expect((await profile(bystander.auth)).statusCode).toBe(200);
  });

  it("a write without a rule (a new category) clears everything", async () => {
    const { course, learner } = await courseWithLearner();
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    expect(await moduleTitles(course.id, learner.auth)).toEqual(["Intro"]);
    await makeModule(t.db, { course_id: course.id, title: "Behind", sort_order: 2 });

    const created = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: admin.auth,
      payload: { name: `Scoped ${course.id}` },
    });
    expect(created.statusCode).toBe(201);
    expect(await moduleTitles(course.id, learner.auth)).toEqual(["Intro", "Behind"]);
  });

  it("names only routes the api has, each a write", () => {
    for (const route of scopedRoutes()) {
      const [method, url] = route.split(" ");
      expect(["POST", "PUT", "PATCH", "DELETE"], route).toContain(method);
      expect(t.app.hasRoute({ method, url: url.replace(/\{(\w+)\}/g, ":$1") }), route).toBe(true);
    }
  });
});
