import { attemptResponseSchema } from "@lms/contract";
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

/** 9 points: 5 graded on submit (single choice 4, true/false 1), 4 by hand (the essay). */
const NINE_POINTS = [
  {
    type: "single_choice",
    text: "Capital of France?",
    points: 4,
    options: [
      { text: "Paris", correct: true },
      { text: "Lyon", correct: false },
    ],
  },
  { type: "true_false", text: "The earth is flat.", points: 1, correct: false },
  { type: "essay", text: "Explain recursion.", points: 4 },
];

type Served = { _id: string; type: string; options?: { _id: string; text: string }[] };

describe("a finished attempt's points so far and points waiting for a hand grade", () => {
  it("shows the 5 of 9 points graded on submit and the 4 that wait, then all 9 once graded by hand", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const assessment = await createAssessment(t.app, course.id, instructor.auth, { questions: NINE_POINTS });

    const started = await t.app.inject({
      method: "POST",
      url: `/api/assessments/${assessment._id}/attempts`,
      headers: learner.auth,
    });
    expect(started.statusCode, started.body).toBe(201);
    const open = attemptResponseSchema.parse(started.json()).data.attempt;
    expect(open).toMatchObject({ pointsSoFar: null, pointsPending: null });

    const [choice, trueFalse, essay] = ["single_choice", "true_false", "essay"].map(
      (type) => open.questions.find((q) => q.type === type) as Served,
    );
    const paris = choice.options?.find((o) => o.text === "Paris")?._id;
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/attempts/${open._id}/answers`,
      headers: learner.auth,
      payload: {
        answers: [
          { questionId: choice._id, value: paris },
          { questionId: trueFalse._id, value: false },
          { questionId: essay._id, value: "A function calling itself." },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/attempts/${open._id}/submit`,
      headers: learner.auth,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(attemptResponseSchema.parse(submitted.json()).data.attempt).toMatchObject({
      state: "submitted",
      score: null,
      maxPoints: 9,
      pointsSoFar: 5,
      pointsPending: 4,
    });

    const graded = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/submissions/${open._id}`,
      headers: instructor.auth,
      payload: { grades: [{ questionId: essay._id, points: 3 }] },
    });
    expect(graded.statusCode, graded.body).toBe(200);
    const seen = await t.app.inject({ method: "GET", url: `/api/attempts/${open._id}`, headers: learner.auth });
    expect(attemptResponseSchema.parse(seen.json()).data.attempt).toMatchObject({
      state: "graded",
      score: 8,
      pointsSoFar: 8,
      pointsPending: 0,
    });
  });
});
