import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeLessonFile, makeSignedInUser } from "./support/factories.js";
import { TWO_TRUE_FALSE } from "./support/gradebook.js";

// The course detail reads the reader's enrollment and progress in one statement that also probes
// whether the course has sessions or required assessments; their own queries run only when it
// does. With caches this long, each write below must still be seen at the very next read.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_SECONDS: "60", AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
type Detail = {
  sessions: { _id: string; title: string }[];
  enrollment: { status: string } | null;
  progress: { requiredAssessments: number; assessments?: { _id: string; title: string }[] } | null;
  modules: { lessons: { files: { _id: string; progress: { completed: boolean } | null }[] }[] }[];
};

async function detail(courseId: string, auth: Auth): Promise<Detail> {
  const response = await t.app.inject({ method: "GET", url: `/api/courses/${courseId}/detail`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.course;
}

async function call(method: "POST" | "PUT" | "DELETE", url: string, auth: Auth, payload?: object) {
  const response = await t.app.inject({ method, url, headers: auth, ...(payload && { payload }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

/** A published course (its rule asks for assessments) with one lesson file, its teacher and an enrolled learner. */
async function setup() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, published: 1 });
  const lesson = await makeLesson(t.db, { course_id: course.id, title: "Lesson" });
  const file = await makeLessonFile(t.db, { lesson_id: lesson.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  return { teacher, course, lesson, file, learner };
}

const sessionTitles = (d: Detail) => d.sessions.map((s) => s.title);

describe("the course detail's per-reader part", () => {
  it("shows a session scheduled, renamed and removed through the api at the next read, enrolled or managing", async () => {
    const { teacher, course, learner } = await setup();
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    for (const auth of [learner.auth, admin.auth]) expect(sessionTitles(await detail(course.id, auth))).toEqual([]);

    const { session } = await call("POST", "/api/sessions", teacher.auth, {
      courseId: course.id,
      title: "Live class",
      scheduledAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
    for (const auth of [learner.auth, admin.auth]) {
      expect(sessionTitles(await detail(course.id, auth))).toEqual(["Live class"]);
    }

    await call("PUT", `/api/sessions/${session._id}`, teacher.auth, { title: "Live class (moved)" });
    expect(sessionTitles(await detail(course.id, learner.auth))).toEqual(["Live class (moved)"]);

    await call("DELETE", `/api/sessions/${session._id}`, teacher.auth);
    for (const auth of [learner.auth, admin.auth]) expect(sessionTitles(await detail(course.id, auth))).toEqual([]);
  });

  it("counts a required assessment published, made optional and removed through the api at the next read", async () => {
    const { teacher, course, learner } = await setup();
    const before = await detail(course.id, learner.auth);
    expect(before.progress).toMatchObject({ requiredAssessments: 0, assessments: [] });

    const assessments = `/api/instructor/courses/${course.id}/assessments`;
    const { assessment } = await call("POST", assessments, teacher.auth, {
      title: "Required quiz",
      questions: TWO_TRUE_FALSE,
      published: true,
      passingScore: 60,
    });
    expect(assessment.requiredForCompletion).toBe(true);
    const required = await detail(course.id, learner.auth);
    expect(required.progress?.requiredAssessments).toBe(1);
    expect(required.progress?.assessments?.map((a) => a.title)).toEqual(["Required quiz"]);

    await call("PUT", `${assessments}/${assessment._id}`, teacher.auth, { requiredForCompletion: false });
    expect((await detail(course.id, learner.auth)).progress).toMatchObject({ requiredAssessments: 0, assessments: [] });

    await call("PUT", `${assessments}/${assessment._id}`, teacher.auth, { requiredForCompletion: true });
    expect((await detail(course.id, learner.auth)).progress?.requiredAssessments).toBe(1);

    await call("DELETE", `${assessments}/${assessment._id}`, teacher.auth);
    expect((await detail(course.id, learner.auth)).progress).toMatchObject({ requiredAssessments: 0, assessments: [] });
  });

  it("gives each learner their own enrollment and progress, and none to a manager who is not enrolled", async () => {
    const { teacher, course, lesson, file, learner } = await setup();
    const other = await makeEnrolledLearner(t.app, t.db, course.id);
    await call("POST", `/api/courses/${course.id}/lessons/${lesson.id}/progress`, learner.auth, {
      fileId: file.id,
      completed: true,
    });
    const progressOf = (d: Detail) => d.modules[0]?.lessons[0]?.files[0]?.progress ?? null;

    // Its only file done, the course is complete: the enrollment read is the one just written.
    const mine = await detail(course.id, learner.auth);
    expect(mine.enrollment?.status).toBe("completed");
    expect(progressOf(mine)?.completed).toBe(true);

    const theirs = await detail(course.id, other.auth);
    expect(theirs.enrollment?.status).toBe("active");
    expect(progressOf(theirs)).toBeNull();

    const teachers = await detail(course.id, teacher.auth);
    expect(teachers.enrollment).toBeNull();
    expect(teachers.progress).toBeNull();
    expect(progressOf(teachers)).toBeNull();
  });

  it("refuses a learner who is not enrolled, even one with progress left from an earlier enrollment", async () => {
    const { course, lesson, file, learner } = await setup();
    await call("POST", `/api/courses/${course.id}/lessons/${lesson.id}/progress`, learner.auth, { fileId: file.id });
    await t.db.deleteFrom("enrollments").where("user_id", "=", learner.user.id).execute();
    const response = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/detail`,
      headers: learner.auth,
    });
    expect(response.statusCode).toBe(403);
  });
});
