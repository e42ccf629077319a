import { COURSE_ICON_COLORS, COURSE_ICONS, courseDetailResponseSchema, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCategory,
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeLessonFile,
  makeModule,
  makeSession,
  makeSignedInUser,
} from "./support/factories.js";

let t: TestContext;
let teacher: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  teacher = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

const get = (url: string, auth: Record<string, string>) => t.app.inject({ method: "GET", url, headers: auth });

/**
 * Modules out of insertion order: "Intro" (Welcome: a video and a pdf; Draft, unpublished) then
 * "Later" (Empty, no files; Deeper: a pdf). An enrolled learner.
 */
async function setupCourse() {
  const category = await makeCategory(t.db, `Web Development ${Date.now()}`);
  const row = await makeCourse(t.db, { instructor_id: teacher.user.id, published: 1, category_id: category.id });
  const later = await makeModule(t.db, { course_id: row.id, title: "Later", sort_order: 2 });
  const intro = await makeModule(t.db, { course_id: row.id, title: "Intro", sort_order: 1 });
  const welcome = await makeLesson(t.db, { module_id: intro.id, title: "Welcome" });
  const draft = await makeLesson(t.db, { module_id: intro.id, title: "Draft", sort_order: 2, is_published: 0 });
  await makeLesson(t.db, { module_id: later.id, title: "Empty" });
  const deeper = await makeLesson(t.db, { module_id: later.id, title: "Deeper", sort_order: 2 });
  const video = await makeLessonFile(t.db, { lesson_id: welcome.id, mime: "video/mp4", kind: "video" });
  const pdf = await makeLessonFile(t.db, { lesson_id: welcome.id });
  await makeLessonFile(t.db, { lesson_id: draft.id });
  const reading = await makeLessonFile(t.db, { lesson_id: deeper.id });
  const learner = await makeSignedInUser(t.app, t.db, "learner");
  await makeEnrollment(t.db, { course_id: row.id, user_id: learner.user.id });
  const report = async (lessonId: string, payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/courses/${row.id}/lessons/${lessonId}/progress`,
      headers: learner.auth,
      payload,
    });
    expect(response.statusCode).toBe(200);
  };
  return { course: row, welcome, deeper, video, pdf, reading, learner, report };
}

async function nextLessons(courseId: string, auth: Record<string, string>) {
  const detail = await get(`/api/courses/${courseId}/detail`, auth);
  expect(detail.statusCode).toBe(200);
  const answer = detail.json();
  expect(courseDetailResponseSchema.parse(answer)).toEqual(answer);
  const enrolled = await get("/api/users/enrolled-courses", auth);
  expect(enrolled.statusCode).toBe(200);
  const listed = enrolled.json().data.courses.find((c: { _id: string }) => c._id === courseId);
  return { detail: answer.data.course.nextLessonId, listed: listed.nextLessonId };
}

describe("the next lesson (course detail and enrolled courses)", () => {
  it("is the first lesson with an unfinished file, in module order, skipping drafts and empty lessons", async () => {
    const { course, welcome, deeper, video, pdf, reading, learner, report } = await setupCourse();
    expect(await nextLessons(course.id, learner.auth)).toEqual({ detail: welcome.id, listed: welcome.id });

    // Opening the pdf is not enough: the video of the same lesson is still unfinished.
    await report(welcome.id, { fileId: pdf.id });
    await report(welcome.id, { fileId: video.id, position: 10, duration: 100 });
    expect(await nextLessons(course.id, learner.auth)).toEqual({ detail: welcome.id, listed: welcome.id });

    await report(welcome.id, { fileId: video.id, position: 95, duration: 100 });
    expect(await nextLessons(course.id, learner.auth)).toEqual({ detail: deeper.id, listed: deeper.id });

    await report(deeper.id, { fileId: reading.id });
    expect(await nextLessons(course.id, learner.auth)).toEqual({ detail: null, listed: null });
  });

  it("is each reader's own: another learner of the same course starts at the beginning", async () => {
    const { course, welcome, video, report } = await setupCourse();
    await report(welcome.id, { fileId: video.id, completed: true });
    const other = await makeSignedInUser(t.app, t.db, "learner");
    await makeEnrollment(t.db, { course_id: course.id, user_id: other.user.id });
    expect(await nextLessons(course.id, other.auth)).toEqual({ detail: welcome.id, listed: welcome.id });
  });
});

describe("spec §3 fields of the course detail and the enrolled courses", () => {
  it("lists the course's sessions, earliest first, with their displayed status", async () => {
    const { course, learner } = await setupCourse();
    const later = await makeSession(t.db, {
      course_id: course.id,
      title: "Later session",
      scheduled_at: new Date(Date.now() + 48 * 3600_000).toISOString(),
    });
    const past = await makeSession(t.db, {
      course_id: course.id,
      title: "Past session",
      scheduled_at: new Date(Date.now() - 48 * 3600_000).toISOString(),
      status: "completed",
    });
    await makeSession(t.db, { title: "Another course's session" });
    for (const [url, auth] of [
      [`/api/courses/${course.id}/detail`, learner.auth],
      [`/api/instructor/courses/${course.id}`, teacher.auth],
    ] as const) {
      const sessions = (await get(url, auth)).json().data.course.sessions;
      expect(sessions.map((s: { _id: string }) => s._id)).toEqual([past.id, later.id]);
      expect(sessions[0]).toMatchObject({ title: "Past session", courseId: course.id, displayStatus: "ended" });
      expect(sessions[1]).toMatchObject({ title: "Later session", displayStatus: "upcoming", duration: 60 });
    }
  });

  it("gives enrolled courses an icon by their category and a fixed icon colour", async () => {
    const { course, learner } = await setupCourse();
    const first = (await get("/api/users/enrolled-courses", learner.auth)).json().data.courses[0];
    expect(first._id).toBe(course.id);
    expect(first.icon).toBe("code");
    expect(COURSE_ICONS).toContain(first.icon);
    expect(COURSE_ICON_COLORS).toContain(first.iconColor);
    const again = (await get("/api/users/enrolled-courses", learner.auth)).json().data.courses[0];
    expect(again.iconColor).toBe(first.iconColor);
  });
});

describe("staff outside a course (spec §8)", () => {
  it("get 403 Access Denied, not 'not enrolled', through every detail and content call", async () => {
    const { course } = await setupCourse();
    const stranger = await makeSignedInUser(t.app, t.db, "instructor");
    for (const url of [
      `/api/courses/${course.id}/detail`,
      `/api/instructor/courses/${course.id}`,
      `/api/sessions?courseId=${course.id}`,
    ]) {
      const response = await get(url, stranger.auth);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message, url).toBe(MESSAGES.courseAccessDenied.text);
    }
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const refused = await get(`/api/courses/${course.id}/detail`, learner.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.notEnrolled.text);
  });
});
