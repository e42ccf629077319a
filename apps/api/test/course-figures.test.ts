import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountCourseFigures } from "../src/modules/analytics/figures-recount.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeLesson, makeLessonFile, makeSession, makeSignedInUser } from "./support/factories.js";
import { TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

// Issue 26: the course analytics and the students list read figures and sort keys that triggers
// keep (migration 061). Each write below goes through the api; after it the answers are checked
// against known values and against the same answers once every stored figure is counted again
// from the rows (what a per-request aggregation would have said).

type SignedIn = Awaited<ReturnType<typeof makeSignedInUser>>;
type Auth = Record<string, string>;

let t: TestContext;
let teacher: SignedIn;
let admin: SignedIn;
let courseId: string;
let lessonId: string;
let fileId: string;
const learners = {} as Record<"ana" | "ben" | "cleo", SignedIn>;

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload && { payload }) });

async function analyticsOf(course = courseId) {
  const response = await call(
    "GET",
    `/api/instructor/courses/${course}/analytics?interval=day&periods=3`,
    teacher.auth,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.analytics;
}

async function studentsOf(query: string, course = courseId) {
  const response = await call("GET", `/api/instructor/courses/${course}/students/progress${query}`, teacher.auth);
  expect(response.statusCode, response.body).toBe(200);
  const { students, pagination } = response.json().data;
  return { names: students.map((s: { name: string }) => s.name), total: pagination.total, students };
}

const LISTS = ["?sort=name", "?sort=grade&order=desc", "?sort=email&order=desc", "?search=ana"];

/** The answers as the stored rows give them, after checking they equal those of a full recount. */
async function storedMatchesRecount(course = courseId) {
  const stored = {
    analytics: await analyticsOf(course),
    lists: await Promise.all(LISTS.map((q) => studentsOf(q, course))),
  };
  await recountCourseFigures(t.db);
  const recounted = {
    analytics: await analyticsOf(course),
    lists: await Promise.all(LISTS.map((q) => studentsOf(q, course))),
  };
  expect(stored).toEqual(recounted);
  return stored.analytics;
}

const assessmentFigures = (analytics: {
  assessments: { title: string; graded: number; averageScore: number | null }[];
}) => analytics.assessments.map(({ title, graded, averageScore }) => ({ title, graded, averageScore }));

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  teacher = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  for (const name of ["ana", "ben", "cleo"] as const) learners[name] = await makeSignedInUser(t.app, t.db, "learner");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
  courseId = course.id;
  const lesson = await makeLesson(t.db, { course_id: courseId, title: "Only lesson" });
  lessonId = lesson.id;
  fileId = (await makeLessonFile(t.db, { lesson_id: lessonId })).id;
  // A session that ended an hour ago: enrolments made now come after its end.
  await makeSession(t.db, {
    course_id: courseId,
    status: "completed",
    scheduled_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  });
});
afterAll(() => t.close());

describe("stored course figures (migration 061) through the api's writes", () => {
  it("counts enrolments, progress reports, grading, re-grading and unenrolment as they happen", async () => {
    const self = await call("POST", `/api/courses/${courseId}/enroll`, learners.ana.auth);
    expect(self.statusCode, self.body).toBe(201);
    const added = await call("POST", `/api/admin/courses/${courseId}/enrollments`, admin.auth, {
      userIds: [learners.ben.user.id, learners.cleo.user.id],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    let analytics = await storedMatchesRecount();
    expect(analytics.enrollments).toEqual({ total: 3, completed: 0, atRisk: 0 });
    expect(analytics.enrollmentsOverTime.points.at(-1)).toMatchObject({ count: 3, total: 3 });
    expect(analytics.stopPoints.notStarted).toBe(3);
    expect(analytics.attendance).toMatchObject({ expected: 0, attended: 0 });

    const viewed = await call("POST", `/api/courses/${courseId}/lessons/${lessonId}/progress`, learners.ana.auth, {
      fileId,
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    analytics = await storedMatchesRecount();
    // Her only lesson's only file: she completed the course, so she stopped nowhere.
    expect(analytics.enrollments).toEqual({ total: 3, completed: 1, atRisk: 0 });
    expect(analytics.averageProgress).toBe(33.3);
    expect(analytics.stopPoints).toMatchObject({ notStarted: 2, lessons: [{ lessonId, learners: 0 }] });

    const quiz = await createAssessment(t.app, courseId, teacher.auth, { title: "Quiz", questions: TWO_TRUE_FALSE });
    await takeQuiz(t.app, quiz._id, learners.ana.auth, ["Six points", "Four points"]);
    const benAttempt = await takeQuiz(t.app, quiz._id, learners.ben.auth, ["Six points"]);
    analytics = await storedMatchesRecount();
    expect(assessmentFigures(analytics)).toEqual([{ title: "Quiz", graded: 2, averageScore: 8 }]);
    expect((await studentsOf("?sort=grade&order=desc")).students.map((s: { grade: number | null }) => s.grade)).toEqual(
      [100, 60, null],
    );

    // Re-grading by hand: Ben's four-point question is given its points.
    const served = await call("GET", `/api/attempts/${benAttempt._id}`, learners.ben.auth);
    const four = served.json().data.attempt.questions.find((q: { text: string }) => q.text === "Four points");
    const regraded = await call(
      "PUT",
      `/api/instructor/courses/${courseId}/assessments/${quiz._id}/submissions/${benAttempt._id}`,
      teacher.auth,
      { grades: [{ questionId: four._id, points: 4 }] },
    );
    expect(regraded.statusCode, regraded.body).toBe(200);
    analytics = await storedMatchesRecount();
    expect(assessmentFigures(analytics)).toEqual([{ title: "Quiz", graded: 2, averageScore: 10 }]);

    const removed = await call(
      "DELETE",
      `/api/admin/courses/${courseId}/enrollments/${learners.ben.user.id}`,
      admin.auth,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    analytics = await storedMatchesRecount();
    expect(analytics.enrollments.total).toBe(2);
    expect(assessmentFigures(analytics)).toEqual([{ title: "Quiz", graded: 1, averageScore: 10 }]);
    expect((await studentsOf("?sort=name")).total).toBe(2);
  });

  it("follows a renamed learner in the list's order and search, a deleted assessment and a deleted learner", async () => {
    const renamed = await call("PUT", "/api/users/me", learners.cleo.auth, { name: "Zoe Anastasia" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await storedMatchesRecount();
    const byName = await studentsOf("?sort=name&order=desc");
    expect(byName.names[0]).toBe("Zoe Anastasia");
    const found = await studentsOf("?search=anastasia");
    expect(found).toMatchObject({ names: ["Zoe Anastasia"], total: 1 });

    const quiz = (await analyticsOf()).assessments[0];
    const deleted = await call("DELETE", `/api/instructor/courses/${courseId}/assessments/${quiz._id}`, teacher.auth);
    expect(deleted.statusCode, deleted.body).toBe(200);
    let analytics = await storedMatchesRecount();
    expect(analytics.assessments).toEqual([]);
    expect((await studentsOf("?sort=grade&order=desc")).students.map((s: { grade: number | null }) => s.grade)).toEqual(
      [null, null],
    );

    const gone = await call("DELETE", `/api/admin/users/${learners.cleo.user.id}`, admin.auth);
    expect(gone.statusCode, gone.body).toBe(200);
    analytics = await storedMatchesRecount();
    expect(analytics.enrollments.total).toBe(1);
    expect((await studentsOf("?search=anastasia")).total).toBe(0);
  });

  it("gives a copied course its own figures", async () => {
    const copied = await call("POST", `/api/instructor/courses/${courseId}/copy`, teacher.auth, {});
    expect(copied.statusCode, copied.body).toBe(201);
    const copyId = copied.json().data.course._id;
    const analytics = await storedMatchesRecount(copyId);
    expect(analytics.enrollments).toEqual({ total: 0, completed: 0, atRisk: 0 });
    expect((await studentsOf("?sort=name", copyId)).total).toBe(0);
    expect((await analyticsOf()).enrollments.total).toBe(1);
  });
});
