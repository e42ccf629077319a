import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeLessonFile, makeSignedInUser } from "./support/factories.js";
import { TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

type Auth = Record<string, string>;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

/** A course with a lesson of a video and a PDF, a published quiz (pass mark 60 %, three attempts) and an enrolled learner. */
async function setup(quiz: Record<string, unknown> = {}) {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, title: "Rule Course" });
  const lesson = await makeLesson(t.db, { course_id: course.id, title: "Watch and read" });
  const video = await makeLessonFile(t.db, {
    lesson_id: lesson.id,
    name: "intro.mp4",
    mime: "video/mp4",
    kind: "video",
  });
  const pdf = await makeLessonFile(t.db, { lesson_id: lesson.id });
  const created = await t.app.inject({
    method: "POST",
    url: `/api/instructor/courses/${course.id}/assessments`,
    headers: teacher.auth,
    payload: {
      title: "Check quiz",
      questions: TWO_TRUE_FALSE,
      published: true,
      passingScore: 60,
      attemptsAllowed: 3,
      ...quiz,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const assessment = created.json().data.assessment as {
    _id: string;
    requiredForCompletion: boolean;
    questions: { _id: string; text: string }[];
  };
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  /** The learner opens every file of the lesson. */
  const finishLessons = async () => {
    for (const payload of [{ fileId: video.id, completed: true }, { fileId: pdf.id }]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
        headers: learner.auth,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  };
  return { teacher, course, lesson, video, pdf, assessment, learner, finishLessons };
}

const enrollmentOf = (userId: string, courseId: string) =>
  t.db
    .selectFrom("enrollments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();

const completions = async (courseId: string) =>
  (await t.db.selectFrom("courses").select("completion_count").where("id", "=", courseId).executeTakeFirstOrThrow())
    .completion_count;

const completionLogs = async (userId: string, courseId: string) =>
  (
    await t.db
      .selectFrom("activities")
      .select("title")
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .where("type", "=", "course_completion")
      .execute()
  ).map((a) => a.title);

const detailProgress = async (courseId: string, auth: Auth) => {
  const response = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/detail`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.course.progress;
};

const dashboardProgress = async (courseId: string, auth: Auth) => {
  const response = await t.app.inject({ method: "GET", url: "/api/users/enrolled-courses", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.courses.find((c: { _id: string }) => c._id === courseId).progress;
};

const updateAssessment = (courseId: string, assessmentId: string, auth: Auth, payload: object) =>
  t.app.inject({
    method: "PUT",
    url: `/api/instructor/courses/${courseId}/assessments/${assessmentId}`,
    headers: auth,
    payload,
  });

const updateCourse = (courseId: string, auth: Auth, payload: object) =>
  t.app.inject({ method: "PUT", url: `/api/instructor/courses/${courseId}`, headers: auth, payload });

describe("course completion rule", () => {
  it("does not complete with the lessons done while a required quiz is not passed; a failed attempt does not complete", async () => {
    const { course, assessment, learner, finishLessons } = await setup();
    expect(assessment.requiredForCompletion).toBe(true);
    await finishLessons();

    const enrollment = await enrollmentOf(learner.user.id, course.id);
    expect(enrollment).toMatchObject({ status: "active", completed_at: null, progress: 67 });
    expect(await completions(course.id)).toBe(0);
    expect(await completionLogs(learner.user.id, course.id)).toEqual([]);
    const progress = await detailProgress(course.id, learner.auth);
    expect(progress).toMatchObject({
      percentage: 67,
      videosCompleted: 1,
      resourcesViewed: 1,
      requiredAssessments: 1,
      assessmentsPassed: 0,
      complete: false,
      assessments: [{ _id: assessment._id, title: "Check quiz", type: "quiz", passingScore: 60, passed: false }],
    });
    expect(await dashboardProgress(course.id, learner.auth)).toMatchObject({ percentage: 67, complete: false });

    // 4 of 10 is below the pass mark of 60 %.
    const failed = await takeQuiz(t.app, assessment._id, learner.auth, ["Four points"]);
    expect(failed).toMatchObject({ state: "graded", score: 4 });
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "active", progress: 67 });
    expect((await detailProgress(course.id, learner.auth)).assessments[0].passed).toBe(false);
    expect(await completions(course.id)).toBe(0);
  });

  it("completes once the required quiz is passed: counted, logged once, progress 100", async () => {
    const { course, assessment, learner, finishLessons } = await setup();
    await finishLessons();
    await takeQuiz(t.app, assessment._id, learner.auth, ["Six points", "Four points"]);

    const enrollment = await enrollmentOf(learner.user.id, course.id);
    expect(enrollment).toMatchObject({ status: "completed", progress: 100 });
    expect(enrollment.completed_at).not.toBeNull();
    expect(await completions(course.id)).toBe(1);
    expect(await completionLogs(learner.user.id, course.id)).toEqual(["Completed Rule Course"]);
    expect(await detailProgress(course.id, learner.auth)).toMatchObject({
      percentage: 100,
      assessmentsPassed: 1,
      complete: true,
      assessments: [{ passed: true }],
    });
    expect(await dashboardProgress(course.id, learner.auth)).toMatchObject({ percentage: 100, complete: true });

    // A further attempt and further views neither count nor log the completion again.
    await takeQuiz(t.app, assessment._id, learner.auth, ["Six points", "Four points"]);
    await finishLessons();
    expect(await completions(course.id)).toBe(1);
    expect(await completionLogs(learner.user.id, course.id)).toHaveLength(1);
  });

  it("completes after the lessons alone when the quiz is optional, and when it is made optional later", async () => {
    const optional = await setup({ requiredForCompletion: false });
    expect(optional.assessment.requiredForCompletion).toBe(false);
    await optional.finishLessons();
    expect(await enrollmentOf(optional.learner.user.id, optional.course.id)).toMatchObject({ status: "completed" });
    expect(await detailProgress(optional.course.id, optional.learner.auth)).toMatchObject({
      percentage: 100,
      requiredAssessments: 0,
      complete: true,
      assessments: [],
    });

    const { teacher, course, assessment, learner, finishLessons } = await setup();
    await finishLessons();
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "active" });
    const changed = await updateAssessment(course.id, assessment._id, teacher.auth, { requiredForCompletion: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.assessment.requiredForCompletion).toBe(false);
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "completed", progress: 100 });
    expect(await completionLogs(learner.user.id, course.id)).toHaveLength(1);
    expect(await completions(course.id)).toBe(1);
  });

  it("completes after the lessons when the course's rule does not ask for assessments", async () => {
    const { teacher, course, learner, finishLessons } = await setup();
    await finishLessons();
    const changed = await updateCourse(course.id, teacher.auth, { completionRule: { requireAssessments: false } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.course.completionRule).toEqual({ requireAssessments: false });
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "completed", progress: 100 });
    expect(await completions(course.id)).toBe(1);
  });

  it("counts an assessment passed once its hand grade reaches the pass mark", async () => {
    const { teacher, course, learner, finishLessons } = await setup({ requiredForCompletion: false });
    const essay = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: teacher.auth,
      payload: {
        title: "Essay",
        type: "assignment",
        published: true,
        passingScore: 50,
        questions: [{ type: "essay", text: "Explain recursion.", points: 10 }],
      },
    });
    expect(essay.statusCode, essay.body).toBe(201);
    const essayId = essay.json().data.assessment._id as string;
    await finishLessons();
    const submitted = await takeEssay(essayId, learner.auth);
    expect(submitted.state).toBe("submitted");
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "active" });

    const graded = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${essayId}/submissions/${submitted._id}`,
      headers: teacher.auth,
      payload: { grades: [{ questionId: submitted.questionId, points: 7 }] },
    });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "completed", progress: 100 });
    expect(await completionLogs(learner.user.id, course.id)).toHaveLength(1);
  });

  it("completes when a regrade lifts a failed score over the pass mark", async () => {
    const { teacher, course, assessment, learner, finishLessons } = await setup();
    await finishLessons();
    expect(await takeQuiz(t.app, assessment._id, learner.auth, ["Four points"])).toMatchObject({ score: 4 });
    // The key was wrong: "Six points" is false, as the learner answered.
    const edited = await updateAssessment(course.id, assessment._id, teacher.auth, {
      questions: TWO_TRUE_FALSE.map((q) => ({
        ...q,
        _id: assessment.questions.find((x) => x.text === q.text)?._id,
        correct: q.text === "Four points",
      })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "active" });
    const regraded = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/regrade`,
      headers: teacher.auth,
    });
    expect(regraded.statusCode, regraded.body).toBe(200);
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "completed", progress: 100 });
    expect(await completionLogs(learner.user.id, course.id)).toHaveLength(1);
  });

  it("completes a learner who had done all but a video once that video is removed", async () => {
    const { teacher, course, lesson, video, pdf, learner } = await setup({ requiredForCompletion: false });
    const viewed = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
      headers: learner.auth,
      payload: { fileId: pdf.id },
    });
    expect(viewed.json().data.progress).toMatchObject({ percentage: 50, complete: false });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${course.id}/modules/${lesson.module_id}/lessons/${lesson.id}/content/${video.id}`,
      headers: teacher.auth,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await enrollmentOf(learner.user.id, course.id)).toMatchObject({ status: "completed", progress: 100 });
    expect(await completionLogs(learner.user.id, course.id)).toHaveLength(1);
  });

  it("keeps a completion once earned when a new required quiz is published, and shows the rule's progress", async () => {
    const { teacher, course, assessment, learner, finishLessons } = await setup();
    await finishLessons();
    await takeQuiz(t.app, assessment._id, learner.auth, ["Six points", "Four points"]);
    const earned = await enrollmentOf(learner.user.id, course.id);
    expect(earned.status).toBe("completed");

    const another = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: teacher.auth,
      payload: { title: "Final", questions: TWO_TRUE_FALSE, published: true },
    });
    expect(another.statusCode, another.body).toBe(201);
    const after = await enrollmentOf(learner.user.id, course.id);
    expect(after).toMatchObject({ status: "completed", completed_at: earned.completed_at, progress: 75 });
    expect(await detailProgress(course.id, learner.auth)).toMatchObject({
      percentage: 75,
      requiredAssessments: 2,
      assessmentsPassed: 1,
      complete: false,
    });
    expect(await completions(course.id)).toBe(1);
  });

  it("lets only the course's managers set the rule and an assessment's required flag", async () => {
    const { course, assessment, learner } = await setup();
    const stranger = await makeSignedInUser(t.app, t.db, "instructor");
    for (const auth of [learner.auth, stranger.auth]) {
      const rule = await updateCourse(course.id, auth, { completionRule: { requireAssessments: false } });
      expect(rule.statusCode).toBe(403);
      const flag = await updateAssessment(course.id, assessment._id, auth, { requiredForCompletion: false });
      expect(flag.statusCode).toBe(403);
    }
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const byAdmin = await t.app.inject({
      method: "PUT",
      url: `/api/admin/courses/${course.id}`,
      headers: admin.auth,
      payload: { completionRule: { requireAssessments: false } },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const row = await t.db
      .selectFrom("courses")
      .select("completion_requires_assessments")
      .where("id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect(row.completion_requires_assessments).toBe(0);
    const flag = await t.db
      .selectFrom("assessments")
      .select("required_for_completion")
      .where("id", "=", assessment._id)
      .executeTakeFirstOrThrow();
    expect(flag.required_for_completion).toBe(1);
  });

  it("refuses a rule that is not a yes or no with a 400", async () => {
    const { teacher, course } = await setup();
    const response = await updateCourse(course.id, teacher.auth, {
      completionRule: { requireAssessments: "sometimes" },
    });
    expect(response.statusCode).toBe(400);
  });
});

/** Starts the one-essay assignment, writes an answer and submits it: it waits for a hand grade. */
async function takeEssay(assessmentId: string, auth: Auth) {
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: auth,
  });
  expect(started.statusCode, started.body).toBe(201);
  const attempt = started.json().data.attempt as { _id: string; questions: { _id: string }[] };
  const questionId = attempt.questions[0]?._id as string;
  const saved = await t.app.inject({
    method: "PUT",
    url: `/api/attempts/${attempt._id}/answers`,
    headers: auth,
    payload: { answers: [{ questionId, value: "A function that calls itself." }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: auth });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { ...(submitted.json().data.attempt as { _id: string; state: string }), questionId };
}
