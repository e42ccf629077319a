import { learningActivitiesResponseSchema, myGradesResponseSchema } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./support/factories.js";
import { startQuiz, TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

// The learner dashboard reads the real clock: due dates are set around it.
const HOUR = 3_600_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

const quiz = (courseId: string, settings: Record<string, unknown>) =>
  createAssessment(t.app, courseId, instructor.auth, { questions: TWO_TRUE_FALSE, ...settings });

async function myGrades(auth: Record<string, string>) {
  const response = await t.app.inject({ method: "GET", url: "/api/users/grades", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return myGradesResponseSchema.parse(response.json()).data;
}

async function activities(auth: Record<string, string>) {
  const response = await t.app.inject({ method: "GET", url: "/api/sessions/activities", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return learningActivitiesResponseSchema.parse(response.json()).data;
}

describe("GET /api/users/grades (the learner dashboard's Gradebook card)", () => {
  it("gives the caller's weighted grade per course and the next work due, with their own due dates", async () => {
    const first = await makeCourse(t.db, { instructor_id: instructor.user.id, title: "First" });
    const second = await makeCourse(t.db, { instructor_id: instructor.user.id, title: "Second" });
    await makeCourse(t.db, { instructor_id: instructor.user.id, title: "Not mine" });
    const learner = await makeEnrolledLearner(t.app, t.db, first.id);
    const classmate = await makeEnrolledLearner(t.app, t.db, first.id);
    await t.db
      .insertInto("enrollments")
      .values({
        id: "0000000000000000000000a1",
        user_id: learner.user.id,
        course_id: second.id,
        status: "active",
        progress: 0,
        rating: null,
        enrolled_at: fromNow(HOUR),
        completed_at: null,
      })
      .execute();
    const done = await quiz(first.id, { title: "Done", weight: 1 });
    const missed = await quiz(first.id, { title: "Missed", weight: 1, dueDate: fromNow(-HOUR) });
    const soon = await quiz(first.id, { title: "Soon", dueDate: fromNow(2 * HOUR) });
    const later = await quiz(second.id, { title: "Later", type: "assignment", dueDate: fromNow(5 * HOUR) });
    const moved = await quiz(second.id, { title: "Moved", dueDate: fromNow(-2 * HOUR) });
    await quiz(second.id, { title: "Far", dueDate: fromNow(50 * HOUR) });
    const override = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${second.id}/assessments/${moved._id}/overrides/${learner.user.id}`,
      headers: instructor.auth,
      payload: { dueDate: fromNow(HOUR) },
    });
    expect(override.statusCode, override.body).toBe(200);
    await takeQuiz(t.app, done._id, learner.auth, ["Six points", "Four points"]);
    await takeQuiz(t.app, done._id, classmate.auth, []);
    await startQuiz(t.app, soon._id, learner.auth);

    const grades = await myGrades(learner.auth);
    expect(grades.courses).toEqual([
      { courseId: second.id, courseTitle: "Second", grade: null, graded: 0, missing: 0, assessments: 3 },
      // (100 + 0) / 2: "Missed" counts 0, "Soon" is not due yet.
      { courseId: first.id, courseTitle: "First", grade: 50, graded: 1, missing: 1, assessments: 3 },
    ]);
    // Every to-do, soonest due first: "Missed" is past due but still takes late work.
    expect(grades.dueNext.map((d) => [d.title, d.state])).toEqual([
      ["Missed", "not_started"],
      ["Moved", "not_started"],
      ["Soon", "in_progress"],
      ["Later", "not_started"],
      ["Far", "not_started"],
    ]);
    expect(grades.dueNext[0]._id).toBe(missed._id);
    expect(grades.dueNext[1]).toMatchObject({ _id: moved._id, courseId: second.id, courseTitle: "Second" });
    expect(grades.dueNext[2]._id).toBe(soon._id);
    expect(grades.dueNext[3]).toMatchObject({ _id: later._id, type: "assignment" });

    const stranger = await makeSignedInUser(t.app, t.db, "learner");
    expect(await myGrades(stranger.auth)).toEqual({ courses: [], dueNext: [] });
    expect((await t.app.inject({ method: "GET", url: "/api/users/grades" })).statusCode).toBe(401);
  });
});

describe("Learning Activities with quizzes and assignments", () => {
  it("lists handed-in work next to the sessions, and work still to do among the to-dos only", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const session = await makeSession(t.db, { course_id: course.id, scheduled_at: fromNow(3 * HOUR) });
    const upcoming = await quiz(course.id, { title: "Upcoming quiz", dueDate: fromNow(HOUR) });
    const exam = await quiz(course.id, { title: "Exam", type: "exam", dueDate: fromNow(10 * HOUR) });
    const far = await quiz(course.id, { title: "Far quiz", dueDate: fromNow(20 * HOUR) });
    const handedIn = await quiz(course.id, { title: "Handed in", type: "assignment", dueDate: fromNow(-HOUR) });
    const missed = await quiz(course.id, { title: "Missed quiz", dueDate: fromNow(-2 * HOUR) });
    const undated = await quiz(course.id, { title: "No due date" });
    await quiz(course.id, { title: "Unpublished", published: false, dueDate: fromNow(2 * HOUR) });
    await takeQuiz(t.app, handedIn._id, learner.auth, ["Six points"]);

    const { activities: list, toDos } = await activities(learner.auth);
    expect(list.map((a) => [a.title, a.type, a.status])).toEqual([
      [session.title, "live-class", "upcoming"],
      ["Handed in", "assignment", "completed"],
    ]);
    expect(list[1]).toMatchObject({
      _id: handedIn._id,
      courseId: course.id,
      sessionType: null,
      hasRecording: false,
      instructor: instructor.user.name,
    });
    expect(toDos.map((todo) => todo._id)).toEqual([missed._id, upcoming._id, exam._id, far._id, undated._id]);
  });
});

describe("activity entries", () => {
  it("logs quiz_attempt on start, quiz_completion when a quiz or exam is submitted, assignment_submit for assignments", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const forQuiz = await quiz(course.id, { title: "Q" });
    const forExam = await quiz(course.id, { title: "E", type: "exam" });
    const forAssignment = await quiz(course.id, { title: "A", type: "assignment" });
    for (const a of [forQuiz, forExam, forAssignment]) await takeQuiz(t.app, a._id, learner.auth, []);
    const logged = await t.db
      .selectFrom("activities")
      .select(["type", "course_id", "metadata"])
      .where("user_id", "=", learner.user.id)
      .where("type", "not in", ["login", "course_completion", "certificate_earned"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(logged.map((a) => [a.type, JSON.parse(a.metadata ?? "{}").assessmentId])).toEqual([
      ["quiz_attempt", forQuiz._id],
      ["quiz_completion", forQuiz._id],
      ["quiz_attempt", forExam._id],
      ["quiz_completion", forExam._id],
      ["quiz_attempt", forAssignment._id],
      ["assignment_submit", forAssignment._id],
    ]);
    expect(logged.every((a) => a.course_id === course.id)).toBe(true);
    // A course of assessments alone (no pass marks) is completed once each has a graded attempt.
    const completed = await t.db
      .selectFrom("activities")
      .select("type")
      .where("user_id", "=", learner.user.id)
      .where("type", "=", "course_completion")
      .execute();
    expect(completed).toHaveLength(1);
  });
});
