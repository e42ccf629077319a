import { ASSESSMENT_MESSAGES as M } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface Served {
  _id: string;
  state: string;
  score: number | null;
  maxPoints: number;
  questions: { _id: string; points: number }[];
}

/** Ten true/false questions worth 1 to 10 points (55 in all); every one is true. */
const TEN = Array.from({ length: 10 }, (_, i) => ({
  type: "true_false",
  text: `Statement ${i + 1}`,
  points: i + 1,
  correct: true,
}));

const createBody = (courseId: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/api/instructor/courses/${courseId}/assessments`,
    headers: instructor.auth,
    payload: { title: "Pool", questions: TEN, ...body },
  });

async function attempt(assessmentId: string, auth: Auth) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.attempt as Served;
}

async function submitAllTrue(served: Served, auth: Auth) {
  const answers = served.questions.map((q) => ({ questionId: q._id, value: true }));
  const saved = await t.app.inject({
    method: "PUT",
    url: `/api/attempts/${served._id}/answers`,
    headers: auth,
    payload: { answers },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await t.app.inject({ method: "POST", url: `/api/attempts/${served._id}/submit`, headers: auth });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().data.attempt as Served;
}

describe("question pool: draw N questions at random per attempt", () => {
  it("serves each attempt exactly N distinct questions of the assessment, in its order, and attempts differ", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const quiz = await createAssessment(t.app, course.id, instructor.auth, {
      questions: TEN,
      questionPoolSize: 3,
      attemptsAllowed: null,
    });
    const order = quiz.questions.map((q) => q._id);
    const draws = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      const served = await attempt(quiz._id, learner.auth);
      const ids = served.questions.map((q) => q._id);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(order).toContain(id);
      // Without shuffling, the drawn questions keep the assessment's order.
      expect([...ids].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(ids);
      expect(served.maxPoints).toBe(served.questions.reduce((sum, q) => sum + q.points, 0));
      draws.add(ids.join());
      await submitAllTrue(served, learner.auth);
    }
    // 120 possible draws: 25 identical ones would be a broken draw, not chance.
    expect(draws.size).toBeGreaterThan(1);
  });

  it("scores an attempt out of the points it drew, and the gradebook takes that share", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const quiz = await createAssessment(t.app, course.id, instructor.auth, {
      questions: TEN,
      questionPoolSize: 2,
      shuffleQuestions: true,
    });
    expect(quiz.totalPoints).toBe(55);
    const served = await attempt(quiz._id, learner.auth);
    const drawn = served.questions.reduce((sum, q) => sum + q.points, 0);
    expect(drawn).toBeLessThan(55);
    const done = await submitAllTrue(served, learner.auth);
    expect(done).toMatchObject({ state: "graded", score: drawn, maxPoints: drawn });
    const book = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/gradebook`,
      headers: learner.auth,
    });
    expect(book.statusCode, book.body).toBe(200);
    expect(book.json().data.rows[0].cells[0]).toMatchObject({ score: drawn, percent: 100 });
  });

  it("keeps the setting, reports it, and clears it with null", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const created = await createBody(course.id, { questionPoolSize: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const assessment = created.json().data.assessment;
    expect(assessment.questionPoolSize).toBe(10);
    const cleared = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}`,
      headers: instructor.auth,
      payload: { questionPoolSize: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.assessment.questionPoolSize).toBeNull();
  });

  it.each([
    ["more than the questions", { questionPoolSize: 11 }],
    ["zero", { questionPoolSize: 0 }],
    ["a fraction", { questionPoolSize: 2.5 }],
    ["a text", { questionPoolSize: "3" }],
    ["a pool without questions", { questionPoolSize: 1, questions: [], totalPoints: 10 }],
  ])("refuses %s with a clear 400, creating nothing", async (_, body) => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await createBody(course.id, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      errors: [{ path: "questionPoolSize", msg: M.poolSizeRange.text }],
    });
    const list = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: instructor.auth,
    });
    expect(list.json().data.assessments).toHaveLength(0);
  });

  it("refuses an update that leaves fewer questions than the pool draws, changing nothing", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const quiz = await createAssessment(t.app, course.id, instructor.auth, { questions: TEN, questionPoolSize: 5 });
    const url = `/api/instructor/courses/${course.id}/assessments/${quiz._id}`;
    const response = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { questions: TEN.slice(0, 4) },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toMatchObject([{ path: "questionPoolSize", msg: M.poolSizeRange.text }]);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/instructor/assessments/${quiz._id}`,
      headers: instructor.auth,
    });
    expect(read.json().data.assessment.questions).toHaveLength(10);
  });
});
