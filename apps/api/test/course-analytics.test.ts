import { ANALYTICS_MESSAGES, MESSAGES } from "@lms/contract";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { makeAssessmentRow, makeAttempt } from "./support/analytics.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeMaterial,
  makeModule,
  makeSession,
  makeSignedInUser,
  makeUser,
} from "./support/factories.js";

const NOW = Date.parse("2031-09-03T12:00:00.000Z");
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW - days * DAY).toISOString();

let t: TestContext;
let teacher: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherTeacher: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;
let courseId: string;
const lessons: Record<string, string> = {};
const ids: Record<"ana" | "ben" | "cleo" | "dev", string> = { ana: "", ben: "", cleo: "", dev: "" };

type Auth = Record<string, string>;
const get = (url: string, auth: Auth = teacher.auth) => t.app.inject({ method: "GET", url, headers: auth });

/**
 * One course with known figures. Lessons L1, L2 (module 1) and L3 (module 2). Learners:
 * Ana completed (100%, enrolled 30 days ago), Ben 67% and Cleo 10% (both 20 days ago; Cleo is at
 * risk), Dev 0% (2 days ago). Quiz 1 (highest of 10): Ana 6 then 8, Ben 4, an outsider 10.
 * Quiz 2 (latest of 20, due yesterday): Ana 20 then 10; Cleo's due date moved to next week.
 * Quiz 4 (average of 10): Ana 4 and 8; Ben waits for a hand grade. Quiz 3 is a draft.
 */
async function seedCourse() {
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, course_code: "AN-101" });
  courseId = course.id;
  const m1 = await makeModule(t.db, { course_id: courseId, sort_order: 1, title: "Basics" });
  const m2 = await makeModule(t.db, { course_id: courseId, sort_order: 2, title: "Advanced" });
  lessons.l1 = (await makeLesson(t.db, { module_id: m1.id, sort_order: 1, title: "=cmd|' /C calc'!A0" })).id;
  lessons.l2 = (await makeLesson(t.db, { module_id: m1.id, sort_order: 2, title: "Second" })).id;
  lessons.l3 = (await makeLesson(t.db, { module_id: m2.id, sort_order: 1, title: "Third" })).id;

  const enrol = async (name: string, fields: Record<string, unknown>) => {
    const user = await makeUser(t.db, { name, email: `${name.toLowerCase()}-${newId()}@example.test` });
    await makeEnrollment(t.db, { course_id: courseId, user_id: user.id, ...fields });
    return user.id;
  };
  ids.ana = await enrol("Ana", {
    status: "completed",
    progress: 100,
    enrolled_at: ago(30),
    completed_at: ago(1),
    last_lesson_id: lessons.l3,
    last_accessed_at: ago(1),
  });
  ids.ben = await enrol("Ben", {
    progress: 67,
    enrolled_at: ago(20),
    last_lesson_id: lessons.l2,
    last_accessed_at: ago(2),
  });
  ids.cleo = await enrol("Cleo", {
    progress: 10,
    enrolled_at: ago(20),
    last_lesson_id: lessons.l1,
    last_accessed_at: ago(5),
  });
  ids.dev = await enrol("Dev", { progress: 0, enrolled_at: ago(2) });
  const outsider = await makeUser(t.db);

  const q1 = await makeAssessmentRow(t.db, { course_id: courseId, title: "Quiz 1", created_at: ago(10) });
  const q2 = await makeAssessmentRow(t.db, {
    course_id: courseId,
    title: "Quiz 2",
    type: "exam",
    scoring_rule: "latest",
    total_points: 20,
    due_date: ago(1),
    created_at: ago(9),
  });
  await makeAssessmentRow(t.db, { course_id: courseId, title: "Quiz 3", published: 0, created_at: ago(8) });
  const q4 = await makeAssessmentRow(t.db, {
    course_id: courseId,
    title: "Quiz 4",
    type: "assignment",
    scoring_rule: "average",
    due_date: ago(-3),
    created_at: ago(7),
  });
  await makeAttempt(t.db, q1, ids.ana, { number: 1, score: 6 });
  await makeAttempt(t.db, q1, ids.ana, { number: 2, score: 8 });
  await makeAttempt(t.db, q1, ids.ben, { number: 1, score: 4 });
  await makeAttempt(t.db, q1, ids.cleo, { number: 1, state: "in_progress", submitted_at: null, graded_at: null });
  await makeAttempt(t.db, q1, outsider.id, { number: 1, score: 10 });
  await makeAttempt(t.db, q2, ids.ana, { number: 1, score: 20 });
  await makeAttempt(t.db, q2, ids.ana, { number: 2, score: 10 });
  await makeAttempt(t.db, q4, ids.ana, { number: 1, score: 4 });
  await makeAttempt(t.db, q4, ids.ana, { number: 2, score: 8 });
  await makeAttempt(t.db, q4, ids.ben, { number: 1, state: "submitted", score: null, graded_at: null });
  await t.db
    .insertInto("assessment_overrides")
    .values({
      id: newId(),
      assessment_id: q2.id,
      user_id: ids.cleo,
      extra_minutes: 0,
      due_date: ago(-7),
      extra_attempts: 0,
      created_by: null,
      created_at: ago(3),
      updated_at: ago(3),
    })
    .execute();

  // Sessions: one completed 10 days ago (Ana, Ben and the instructor joined), one scheduled that ended
  // yesterday (Dev joined), one cancelled and one still to come (neither counts).
  const s1 = await makeSession(t.db, { course_id: courseId, status: "completed", scheduled_at: ago(10) });
  const s2 = await makeSession(t.db, { course_id: courseId, scheduled_at: ago(1.5) });
  await makeSession(t.db, { course_id: courseId, status: "cancelled", scheduled_at: ago(4) });
  await makeSession(t.db, { course_id: courseId, scheduled_at: ago(-2) });
  const attend = (sessionId: string, userId: string) =>
    t.db
      .insertInto("session_attendance")
      .values({
        id: newId(),
        session_id: sessionId,
        user_id: userId,
        joined_at: ago(1),
        left_at: null,
        present_since: null,
        seconds: 600,
      })
      .execute();
  await attend(s1.id, ids.ana);
  await attend(s1.id, ids.ben);
  await attend(s1.id, teacher.user.id);
  await attend(s2.id, ids.dev);
  await makeMaterial(t.db, { course_id: courseId });
  // Grading the attempts above settles each learner's progress by the completion rule (these lessons
  // have no files, so only the quizzes would count): put back the figures this course is about.
  const progress = { [ids.ana]: 100, [ids.ben]: 67, [ids.cleo]: 10, [ids.dev]: 0 };
  for (const [userId, value] of Object.entries(progress)) {
    await t.db
      .updateTable("enrollments")
      .set({ progress: value })
      .where("course_id", "=", courseId)
      .where("user_id", "=", userId)
      .execute();
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(NOW) });
  teacher = await makeSignedInUser(t.app, t.db, "instructor");
  otherTeacher = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
  await seedCourse();
});
afterAll(() => t.close());

describe("GET /api/instructor/courses/{id}/analytics", () => {
  it("gives the course's completion rate, average progress, at-risk count and stop points", async () => {
    const response = await get(`/api/instructor/courses/${courseId}/analytics`);
    expect(response.statusCode).toBe(200);
    const { analytics } = response.json().data;
    expect(analytics.enrollments).toEqual({ total: 4, completed: 1, atRisk: 1 });
    expect(analytics.completionRate).toBe(25);
    expect(analytics.averageProgress).toBe(44.3); // (100 + 67 + 10 + 0) / 4 = 44.25
    // Completed learners did not stop anywhere; Dev has not opened a lesson.
    expect(analytics.stopPoints).toEqual({
      notStarted: 1,
      lessons: [
        { lessonId: lessons.l1, title: "=cmd|' /C calc'!A0", moduleTitle: "Basics", learners: 1 },
        { lessonId: lessons.l2, title: "Second", moduleTitle: "Basics", learners: 1 },
        { lessonId: lessons.l3, title: "Third", moduleTitle: "Advanced", learners: 0 },
      ],
    });
  });

  it("averages each published assessment's counted scores of current learners only", async () => {
    const { analytics } = (await get(`/api/instructor/courses/${courseId}/analytics`)).json().data;
    const figures = analytics.assessments.map(({ _id, ...rest }: { _id: string }) => rest);
    expect(figures).toEqual([
      // highest: Ana 8, Ben 4 (the outsider's 10 is not a learner's)
      { title: "Quiz 1", type: "quiz", totalPoints: 10, graded: 2, averageScore: 6, averagePercent: 60 },
      // latest: Ana's second attempt, 10 of 20
      { title: "Quiz 2", type: "exam", totalPoints: 20, graded: 1, averageScore: 10, averagePercent: 50 },
      // average: Ana (4 + 8) / 2; Ben's submission waits for a grade
      { title: "Quiz 4", type: "assignment", totalPoints: 10, graded: 1, averageScore: 6, averagePercent: 60 },
    ]);
  });

  it("rates attendance over sessions that are over, against learners enrolled by their end", async () => {
    const { attendance } = (await get(`/api/instructor/courses/${courseId}/analytics`)).json().data.analytics;
    // 10 days ago: Ana, Ben, Cleo expected, Ana and Ben came; yesterday: all four expected, Dev came.
    expect(attendance.sessions.map((s: { expected: number; attended: number }) => [s.expected, s.attended])).toEqual([
      [3, 2],
      [4, 1],
    ]);
    expect(attendance).toMatchObject({ expected: 7, attended: 3, rate: 42.9 });
  });

  it("counts enrollments per day and per week with a running total", async () => {
    const daily = (await get(`/api/instructor/courses/${courseId}/analytics?interval=day&periods=31`)).json().data
      .analytics.enrollmentsOverTime;
    expect(daily.interval).toBe("day");
    expect(daily.points).toHaveLength(31);
    expect(daily.points[0]).toEqual({ start: ago(30).slice(0, 10), count: 1, total: 1 });
    expect(daily.points[10]).toEqual({ start: ago(20).slice(0, 10), count: 2, total: 3 });
    expect(daily.points[28]).toEqual({ start: ago(2).slice(0, 10), count: 1, total: 4 });
    expect(daily.points[30]).toEqual({ start: ago(0).slice(0, 10), count: 0, total: 4 });

    const short = (await get(`/api/instructor/courses/${courseId}/analytics?periods=3`)).json().data.analytics;
    expect(short.enrollmentsOverTime.points.map((p: { count: number; total: number }) => [p.count, p.total])).toEqual([
      [1, 4],
      [0, 4],
      [0, 4],
    ]);

    const weekly = (await get(`/api/instructor/courses/${courseId}/analytics?interval=week&periods=6`)).json().data
      .analytics.enrollmentsOverTime.points as { start: string; count: number; total: number }[];
    expect(weekly).toHaveLength(6);
    expect(weekly.every((p) => new Date(`${p.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weekly.reduce((sum, p) => sum + p.count, 0)).toBe(4);
    expect(weekly[5].total).toBe(4);
  });

  it("refuses a bad interval or period count with 400", async () => {
    const bad = await get(`/api/instructor/courses/${courseId}/analytics?interval=month`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBe(ANALYTICS_MESSAGES.badInterval.text);
    expect((await get(`/api/instructor/courses/${courseId}/analytics?periods=367`)).statusCode).toBe(400);
    expect((await get(`/api/instructor/courses/${courseId}/analytics?periods=abc`)).statusCode).toBe(400);
  });

  it("answers a course with no learners with zeros, not errors", async () => {
    const empty = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const { analytics } = (await get(`/api/instructor/courses/${empty.id}/analytics`)).json().data;
    expect(analytics).toMatchObject({ completionRate: 0, averageProgress: 0, assessments: [] });
    expect(analytics.attendance).toEqual({ rate: null, expected: 0, attended: 0, sessions: [] });
    expect(analytics.stopPoints).toEqual({ notStarted: 0, lessons: [] });
  });
});

interface Row {
  _id: string;
  name: string;
  progress: number;
  grade: number | null;
  missing: number;
  atRisk: boolean;
  lastLesson: { _id: string; title: string } | null;
}
const names = (rows: Row[]) => rows.map((r) => r.name);
const list = async (query = "") => {
  const response = await get(`/api/instructor/courses/${courseId}/students/progress${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as { students: Row[]; pagination: Record<string, number> };
};

describe("GET /api/instructor/courses/{id}/students/progress", () => {
  it("gives one row per learner with progress, grade, missing work and the at-risk flag", async () => {
    const { students, pagination } = await list();
    expect(pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
    const byName = Object.fromEntries(students.map((s) => [s.name, s]));
    // Ana: (8 + 10 + 6) of (10 + 20 + 10); Ben: 4 of 10 (his Quiz 4 is not graded yet).
    expect(byName.Ana).toMatchObject({ _id: ids.ana, progress: 100, grade: 60, missing: 0, atRisk: false });
    expect(byName.Ana.lastLesson).toEqual({ _id: lessons.l3, title: "Third" });
    expect(byName.Ben).toMatchObject({ progress: 67, grade: 40, missing: 1, atRisk: false });
    // Cleo's Quiz 2 is due next week for her; 20 days in with 10% puts her at risk.
    expect(byName.Cleo).toMatchObject({ progress: 10, grade: null, missing: 0, atRisk: true });
    expect(byName.Dev).toMatchObject({ progress: 0, grade: null, missing: 1, atRisk: false, lastLesson: null });
  });

  it("sorts on the server by each whitelisted key, both ways", async () => {
    expect(names((await list()).students)).toEqual(["Ana", "Ben", "Cleo", "Dev"]);
    expect(names((await list("?sort=name&order=desc")).students)).toEqual(["Dev", "Cleo", "Ben", "Ana"]);
    expect(names((await list("?sort=progress&order=desc")).students)).toEqual(["Ana", "Ben", "Cleo", "Dev"]);
    expect(names((await list("?sort=lastActivity")).students)).toEqual(["Dev", "Cleo", "Ben", "Ana"]);
    expect(names((await list("?sort=lastActivity&order=desc")).students)).toEqual(["Ana", "Ben", "Cleo", "Dev"]);
    expect(names((await list("?sort=enrolledAt&order=desc")).students)[0]).toBe("Dev");
    expect(names((await list("?sort=grade&order=desc")).students).slice(0, 2)).toEqual(["Ana", "Ben"]);
    expect(names((await list("?sort=grade")).students).slice(2)).toEqual(["Ben", "Ana"]);
    expect(
      names((await list("?sort=missing&order=desc")).students)
        .slice(0, 2)
        .sort(),
    ).toEqual(["Ben", "Dev"]);
  });

  it("pages and searches by name or e-mail", async () => {
    const second = await list("?limit=2&page=2");
    expect(names(second.students)).toEqual(["Cleo", "Dev"]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 4, pages: 2 });
    const found = await list("?search=CLE");
    expect(names(found.students)).toEqual(["Cleo"]);
    expect(found.pagination.total).toBe(1);
    expect(names((await list("?search=ben-")).students)).toEqual(["Ben"]);
    expect((await list("?search=%25")).students).toEqual([]);
  });

  it("refuses sort keys outside the whitelist and bad paging with 400", async () => {
    const bad = await get(`/api/instructor/courses/${courseId}/students/progress?sort=password_hash`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBe(ANALYTICS_MESSAGES.badSort.text);
    const order = await get(`/api/instructor/courses/${courseId}/students/progress?order=sideways`);
    expect(order.json().errors[0].msg).toBe(ANALYTICS_MESSAGES.badOrder.text);
    expect((await get(`/api/instructor/courses/${courseId}/students/progress?limit=101`)).statusCode).toBe(400);
    expect((await get(`/api/instructor/courses/${courseId}/students/progress?page=0`)).statusCode).toBe(400);
    const long = await get(`/api/instructor/courses/${courseId}/students/progress?search=${"x".repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });
});

describe("GET /api/instructor/courses/{id}/students/progress/export", () => {
  it("streams every learner as CSV in the list's order, parsed back with the same figures", async () => {
    const response = await get(`/api/instructor/courses/${courseId}/students/progress/export?sort=progress&order=desc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="students-AN-101-2031-09-03.csv"');
    const records = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.Name)).toEqual(["Ana", "Ben", "Cleo", "Dev"]);
    expect(records[0]).toMatchObject({
      "Progress %": "100",
      Completed: "yes",
      "Last lesson": "Third",
      "Grade %": "60",
      "Missing work": "0",
      "At risk": "no",
    });
    expect(records[2]).toMatchObject({ "Grade %": "", "At risk": "yes" });
  });

  it("keeps a spreadsheet from running a cell as a formula", async () => {
    const response = await get(`/api/instructor/courses/${courseId}/students/progress/export?search=cleo`);
    const [cleo] = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(cleo["Last lesson"]).toBe("'=cmd|' /C calc'!A0");
  });

  it("takes the same sort whitelist", async () => {
    const response = await get(`/api/instructor/courses/${courseId}/students/progress/export?sort=id`);
    expect(response.statusCode).toBe(400);
  });
});

describe("who may read a course's analytics", () => {
  const paths = () => [
    `/api/instructor/courses/${courseId}/analytics`,
    `/api/instructor/courses/${courseId}/students/progress`,
    `/api/instructor/courses/${courseId}/students/progress/export`,
  ];

  it("lets admins read every course's", async () => {
    for (const path of paths()) expect((await get(path, admin.auth)).statusCode).toBe(200);
  });

  it("refuses another instructor (403), a learner (403) and anonymous callers (401)", async () => {
    for (const path of paths()) {
      const other = await get(path, otherTeacher.auth);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(MESSAGES.notYourCourse.text);
      expect((await get(path, learner.auth)).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: path })).statusCode).toBe(401);
    }
  });

  it("answers 404 for an unknown course and 400 for a malformed id", async () => {
    const unknown = newId();
    for (const path of paths()) {
      const missing = await get(path.replace(courseId, unknown));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(MESSAGES.courseNotFound.text);
      expect((await get(path.replace(courseId, "nope"))).statusCode).toBe(400);
    }
  });
});

describe("GET /api/instructor/dashboard/stats", () => {
  it("counts the instructor's courses, learners, upcoming sessions, active assessments, materials and grading", async () => {
    const response = await get("/api/instructor/dashboard/stats");
    expect(response.statusCode).toBe(200);
    expect(response.json().data.stats).toEqual({
      upcomingSessions: 1,
      activeAssessments: 3,
      courseMaterials: 1,
      totalCourses: 2, // the seeded course and the empty one
      totalStudents: 4,
      needsGrading: 1,
    });
  });

  it("shows another instructor only their own (none) and admins every course", async () => {
    const other = (await get("/api/instructor/dashboard/stats", otherTeacher.auth)).json().data.stats;
    expect(other).toEqual({
      upcomingSessions: 0,
      activeAssessments: 0,
      courseMaterials: 0,
      totalCourses: 0,
      totalStudents: 0,
      needsGrading: 0,
    });
    const all = (await get("/api/instructor/dashboard/stats", admin.auth)).json().data.stats;
    const courses = await t.db
      .selectFrom("courses")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(all.totalCourses).toBe(Number(courses.n));
    expect(all.totalStudents).toBeGreaterThanOrEqual(4);
  });

  it("refuses learners", async () => {
    expect((await get("/api/instructor/dashboard/stats", learner.auth)).statusCode).toBe(403);
  });
});
