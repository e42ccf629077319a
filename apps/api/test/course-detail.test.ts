import { courseDetailResponseSchema, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeAnnouncement,
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeLessonFile,
  makeModule,
  makeSignedInUser,
} from "./support/factories.js";

let t: TestContext;
let teacher: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;
let outsider: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  teacher = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "super_admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
  outsider = await makeSignedInUser(t.app, t.db, "learner");
});
afterAll(() => t.close());

const get = (url: string, auth: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: auth });

/** Two modules (the second first in order), a draft lesson, files, an announcement, one enrolled learner. */
async function richCourse(published = 1) {
  const course = await makeCourse(t.db, {
    instructor_id: teacher.user.id,
    published,
    requirements: JSON.stringify(["Curiosity"]),
    learning_outcomes: JSON.stringify(["Testing"]),
  });
  const later = await makeModule(t.db, { course_id: course.id, title: "Later", sort_order: 2 });
  const intro = await makeModule(t.db, { course_id: course.id, title: "Intro", sort_order: 1 });
  const welcome = await makeLesson(t.db, { module_id: intro.id, title: "Welcome" });
  const draft = await makeLesson(t.db, { module_id: intro.id, title: "Draft", sort_order: 2, is_published: 0 });
  const deeper = await makeLesson(t.db, { module_id: later.id, title: "Deeper" });
  const video = await makeLessonFile(t.db, {
    lesson_id: welcome.id,
    name: "hello.mp4",
    mime: "video/mp4",
    kind: "video",
  });
  await makeLessonFile(t.db, { lesson_id: draft.id });
  await makeLessonFile(t.db, { lesson_id: deeper.id });
  await makeAnnouncement(t.db, { course_id: course.id, title: "Hello class" });
  await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id, progress: 50 });
  await makeEnrollment(t.db, { course_id: course.id, progress: 0, rating: 4 });
  return { course, intro, later, welcome, draft, deeper, video };
}

describe("GET /api/courses/{id} (public info)", () => {
  it("shows a published course and its outline of published lessons to anyone", async () => {
    const { course } = await richCourse();
    const response = await get(`/api/courses/${course.id}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data.course;
    expect(data).toMatchObject({
      _id: course.id,
      requirements: ["Curiosity"],
      learningOutcomes: ["Testing"],
      isEnrolled: false,
      stats: { enrollments: 2, totalRatings: 1, averageRating: 4 },
    });
    expect(data.modules.map((m: { title: string }) => m.title)).toEqual(["Intro", "Later"]);
    expect(data.modules[0].lessons.map((l: { title: string }) => l.title)).toEqual(["Welcome"]);
    expect(JSON.stringify(data)).not.toContain("/api/media/");
    expect((await get(`/api/courses/${course.id}`, learner.auth)).json().data.course.isEnrolled).toBe(true);
  });

  it("hides drafts from everyone but their managers, and answers 404 / 400 for unknown / bad ids", async () => {
    const { course } = await richCourse(0);
    expect((await get(`/api/courses/${course.id}`)).statusCode).toBe(404);
    expect((await get(`/api/courses/${course.id}`, learner.auth)).statusCode).toBe(404);
    expect((await get(`/api/courses/${course.id}`, otherInstructor.auth)).statusCode).toBe(404);
    expect((await get(`/api/courses/${course.id}`, teacher.auth)).statusCode).toBe(200);
    expect((await get(`/api/courses/${"0".repeat(24)}`)).json().message).toBe(MESSAGES.courseNotFound.text);
    expect((await get("/api/courses/zzz")).statusCode).toBe(400);
    expect((await get(`/api/courses/${course.id}`, { authorization: "Bearer broken" })).statusCode).toBe(401);
  });
});

describe("GET /api/courses/{id}/detail", () => {
  it("gives an enrolled learner published content, signed file urls, progress, syllabus and prerequisites", async () => {
    const { course, welcome, deeper, video } = await richCourse();
    const response = await get(`/api/courses/${course.id}/detail`, learner.auth);
    expect(response.statusCode).toBe(200);
    const data = response.json().data.course;
    expect(data.canManage).toBe(false);
    expect(data.modules.map((m: { title: string }) => m.title)).toEqual(["Intro", "Later"]);
    expect(data.modules[0].lessons.map((l: { title: string }) => l.title)).toEqual(["Welcome"]);
    const [file] = data.modules[0].lessons[0].files;
    expect(file).toMatchObject({ _id: video.id, name: "hello.mp4", type: "video/mp4", progress: null });
    expect(file.url).toMatch(new RegExp(`^/api/media/${video.id}\\?expires=\\d+&sig=`));
    expect(data.progress).toMatchObject({ percentage: 0, totalVideos: 1, totalResources: 1 });
    expect(data.enrollment).toMatchObject({ status: "active", courseId: course.id });
    expect(data.stats).toEqual({
      enrollments: 2,
      completions: 0,
      averageRating: 4,
      totalRatings: 1,
      averageProgress: 25,
    });
    expect(data.syllabus).toEqual([
      { _id: welcome.id, title: "Welcome", viewed: false },
      { _id: deeper.id, title: "Deeper", viewed: false },
    ]);
    expect(data.prerequisites).toEqual([{ title: "Curiosity", type: "requirement", completed: false }]);
    expect(data.announcements.map((a: { title: string }) => a.title)).toEqual(["Hello class"]);
  });

  it("answers 403 'not enrolled' to a learner outside the course, who still sees the public info", async () => {
    const { course } = await richCourse();
    const response = await get(`/api/courses/${course.id}/detail`, outsider.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.notEnrolled.text);
    expect((await get(`/api/courses/${course.id}`, outsider.auth)).statusCode).toBe(200);
    expect((await get(`/api/courses/${course.id}/detail`)).statusCode).toBe(401);
  });

  it("shows drafts to the course's instructor and admins, through every detail call, but not to other instructors", async () => {
    const { course } = await richCourse(0);
    for (const [url, auth] of [
      [`/api/courses/${course.id}/detail`, teacher.auth],
      [`/api/instructor/courses/${course.id}`, teacher.auth],
      [`/api/admin/courses/${course.id}`, admin.auth],
      [`/api/instructor/courses/${course.id}`, admin.auth],
    ] as const) {
      const response = await get(url, auth);
      expect(response.statusCode, url).toBe(200);
      const data = response.json().data.course;
      expect(data.canManage).toBe(true);
      expect(data.progress).toBeNull();
      expect(data.published).toBe(false);
      expect(
        data.modules[0].lessons.map((l: { title: string; isPublished: boolean }) => [l.title, l.isPublished]),
      ).toEqual([
        ["Welcome", true],
        ["Draft", false],
      ]);
    }
    expect((await get(`/api/instructor/courses/${course.id}`, otherInstructor.auth)).statusCode).toBe(403);
    expect((await get(`/api/courses/${course.id}/detail`, otherInstructor.auth)).statusCode).toBe(403);
    expect((await get(`/api/admin/courses/${course.id}`, teacher.auth)).statusCode).toBe(403);
    expect((await get(`/api/instructor/courses/${course.id}`, learner.auth)).statusCode).toBe(403);
    expect((await get(`/api/admin/courses/${"9".repeat(24)}`, admin.auth)).statusCode).toBe(404);
  });

  it("writes each reader's values into their places, whatever the course's text holds", async () => {
    // Text shaped like the template's slot marks, and characters of several UTF-8 lengths.
    const tricky = '"viewed":-1,"progress":-2} Émile — 日本語 😀';
    const course = await makeCourse(t.db, {
      instructor_id: teacher.user.id,
      published: 1,
      title: tricky,
      requirements: JSON.stringify([tricky]),
    });
    const module = await makeModule(t.db, { course_id: course.id, title: tricky, description: tricky });
    const lesson = await makeLesson(t.db, { module_id: module.id, title: tricky });
    const video = await makeLessonFile(t.db, {
      lesson_id: lesson.id,
      name: `${tricky}.mp4`,
      mime: "video/mp4",
      kind: "video",
    });
    const notes = await makeLessonFile(t.db, { lesson_id: lesson.id, name: `${tricky}.pdf` });
    await makeEnrollment(t.db, { course_id: course.id, user_id: outsider.user.id });
    const report = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
      headers: outsider.auth,
      payload: { fileId: video.id, position: 92.5, duration: 100 },
    });
    expect(report.statusCode).toBe(200);

    const response = await get(`/api/courses/${course.id}/detail`, outsider.auth);
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
    const answer = response.json();
    expect(courseDetailResponseSchema.parse(answer)).toEqual(answer);
    const data = answer.data.course;
    expect(data.title).toBe(tricky);
    expect(data.modules[0]).toMatchObject({ title: tricky, description: tricky });
    const [first, second] = data.modules[0].lessons[0].files;
    expect(first).toMatchObject({ _id: video.id, name: `${tricky}.mp4` });
    expect(first.progress).toMatchObject({ position: 92.5, duration: 100, completed: true });
    expect(second).toMatchObject({ _id: notes.id, name: `${tricky}.pdf`, progress: null });
    expect(data.syllabus).toEqual([{ _id: lesson.id, title: tricky, viewed: true }]);
    expect(data.prerequisites).toEqual([{ title: tricky, type: "requirement", completed: false }]);
    expect(data.nextLessonId).toBe(lesson.id);
    expect(data.progress).toMatchObject({ videosCompleted: 1, totalVideos: 1, resourcesViewed: 0, totalResources: 1 });
    expect(data.enrollment).toMatchObject({ courseId: course.id, status: "active" });
    expect(data.canManage).toBe(false);
  });
});
