import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrollment, makeLesson, makeLessonFile, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

/** A course with one lesson holding a video and a PDF, and a second lesson with a PDF; a learner enrolled. */
async function setup() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
  const first = await makeLesson(t.db, { course_id: course.id, title: "Watch" });
  const second = await makeLesson(t.db, { module_id: first.module_id, title: "Read", sort_order: 2 });
  const video = await makeLessonFile(t.db, {
    lesson_id: first.id,
    name: "intro.mp4",
    mime: "video/mp4",
    kind: "video",
  });
  const pdf = await makeLessonFile(t.db, { lesson_id: first.id });
  const reading = await makeLessonFile(t.db, { lesson_id: second.id });
  const learner = await makeSignedInUser(t.app, t.db, "learner");
  await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
  const report = (lessonId: string, payload: object) =>
    t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lessonId}/progress`,
      headers: learner.auth,
      payload,
    });
  return { teacher, course, first, second, video, pdf, reading, learner, report };
}

const enrollmentOf = (userId: string, courseId: string) =>
  t.db
    .selectFrom("enrollments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();

describe("lesson progress", () => {
  it("keeps the video position for resuming and counts the video complete at 90%", async () => {
    const { course, first, video, learner, report } = await setup();
    const partway = await report(first.id, { fileId: video.id, position: 50, duration: 100 });
    expect(partway.statusCode).toBe(200);
    expect(partway.json().data).toMatchObject({
      file: { fileId: video.id, lessonId: first.id, position: 50, duration: 100, completed: false },
      progress: {
        percentage: 0,
        videosCompleted: 0,
        totalVideos: 1,
        resourcesViewed: 0,
        totalResources: 2,
        lastLessonId: first.id,
      },
    });
    const watched = await report(first.id, { fileId: video.id, position: 90, duration: 100 });
    expect(watched.json().data.file.completed).toBe(true);
    expect(watched.json().data.progress).toMatchObject({ percentage: 33, videosCompleted: 1 });
    // Seeking back keeps completion but moves the resume point.
    const back = await report(first.id, { fileId: video.id, position: 12.5, duration: 100 });
    expect(back.json().data.file).toMatchObject({ position: 12.5, completed: true });

    const detail = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/detail`,
      headers: learner.auth,
    });
    const files = detail.json().data.course.modules[0].lessons[0].files;
    expect(files.find((f: { _id: string }) => f._id === video.id).progress).toMatchObject({
      position: 12.5,
      completed: true,
    });
    expect((await enrollmentOf(learner.user.id, course.id)).progress).toBe(33);
  });

  it("counts other files when opened, completes the course at 100% once, and logs views", async () => {
    const { course, first, second, video, pdf, reading, learner, report } = await setup();
    await report(first.id, { fileId: pdf.id });
    await report(second.id, { fileId: reading.id });
    const before = await t.db
      .selectFrom("courses")
      .select("completion_count")
      .where("id", "=", course.id)
      .executeTakeFirstOrThrow();
    const done = await report(first.id, { fileId: video.id, position: 0, duration: 0, completed: true });
    expect(done.json().data.progress).toMatchObject({ percentage: 100, resourcesViewed: 2, videosCompleted: 1 });
    await report(first.id, { fileId: video.id, position: 5, duration: 10 });

    const enrollment = await enrollmentOf(learner.user.id, course.id);
    expect(enrollment).toMatchObject({ status: "completed", progress: 100, last_lesson_id: first.id });
    expect(enrollment.completed_at).not.toBeNull();
    const after = await t.db
      .selectFrom("courses")
      .select("completion_count")
      .where("id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect(after.completion_count).toBe(before.completion_count + 1);
    const types = (
      await t.db
        .selectFrom("activities")
        .select("type")
        .where("user_id", "=", learner.user.id)
        .where("course_id", "=", course.id)
        .execute()
    ).map((a) => a.type);
    expect(types.filter((x) => x === "lesson_view")).toHaveLength(2);
    expect(types.filter((x) => x === "course_completion")).toHaveLength(1);

    const progress = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/progress`,
      headers: learner.auth,
    });
    expect(progress.json().data.progress).toMatchObject({ percentage: 100, totalVideos: 1, totalResources: 2 });
    expect(progress.json().data.files).toHaveLength(3);
  });

  it("refuses learners who are not enrolled, and files of another lesson", async () => {
    const { course, first, second, video, reading, report } = await setup();
    const outsider = await makeSignedInUser(t.app, t.db, "learner");
    const url = `/api/courses/${course.id}/lessons/${first.id}/progress`;
    const refused = await t.app.inject({ method: "POST", url, headers: outsider.auth, payload: { fileId: video.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.notEnrolled.text);
    const get = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/progress`,
      headers: outsider.auth,
    });
    expect(get.statusCode).toBe(403);

    const wrongFile = await report(second.id, { fileId: video.id });
    expect(wrongFile.statusCode).toBe(404);
    expect(wrongFile.json().message).toBe(MESSAGES.fileNotFound.text);
    expect((await report("f".repeat(24), { fileId: reading.id })).statusCode).toBe(404);
    expect((await report(first.id, { fileId: video.id, position: -1 })).statusCode).toBe(400);
    expect((await report(first.id, { fileId: "nope" })).statusCode).toBe(400);
  });

  it("does not count draft lessons, and refreshes stored progress when content changes", async () => {
    const { teacher, course, second, first, pdf, learner, report } = await setup();
    await t.db.updateTable("lessons").set({ is_published: 0 }).where("id", "=", second.id).execute();
    const hidden = await report(second.id, { fileId: (await makeLessonFile(t.db, { lesson_id: second.id })).id });
    expect(hidden.statusCode).toBe(404);
    const opened = await report(first.id, { fileId: pdf.id });
    expect(opened.json().data.progress).toMatchObject({ totalVideos: 1, totalResources: 1, percentage: 50 });

    // Publishing the lesson again through the api brings the learner's stored percentage down.
    await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/modules/${second.module_id}/lessons/${second.id}`,
      headers: teacher.auth,
      payload: { isPublished: true },
    });
    expect((await enrollmentOf(learner.user.id, course.id)).progress).toBe(25);
  });
});
