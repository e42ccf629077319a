import { ASSESSMENT_MESSAGES as M } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface Served {
  _id: string;
  type: string;
  options?: { _id: string; text: string }[];
  pointsAwarded: number | null;
}
interface Attempt {
  _id: string;
  state: string;
  score: number | null;
  rawScore: number | null;
  maxPoints: number;
  questions: Served[];
}

/** As written: "Lyon" is wrong, the short answer accepts "Pacific", and an essay. */
const QUESTIONS = [
  {
    type: "single_choice",
    text: "Capital of France?",
    points: 4,
    options: [
      { text: "Paris", correct: true },
      { text: "Lyon", correct: false },
    ],
  },
  { type: "short_answer", text: "Largest ocean?", points: 2, acceptedAnswers: ["Pacific"] },
  { type: "essay", text: "Explain.", points: 4 },
];

/** The key changed: "Lyon" is now the right option, "Pacific Ocean" is accepted, and the choice is worth 6. */
const FIXED = (ids: string[]) => [
  {
    _id: ids[0],
    ...QUESTIONS[0],
    points: 6,
    options: [
      { text: "Paris", correct: false },
      { text: "Lyon", correct: true },
    ],
  },
  { _id: ids[1], ...QUESTIONS[1], acceptedAnswers: ["Pacific", "Pacific Ocean"] },
  { _id: ids[2], ...QUESTIONS[2] },
];

async function setup() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const assessment = await createAssessment(t.app, course.id, instructor.auth, { questions: QUESTIONS });
  const base = `/api/instructor/courses/${course.id}/assessments/${assessment._id}`;
  return { course, assessment, base };
}

/** A learner answers "Lyon" and "Pacific Ocean" (both wrong as written) and an essay. */
async function attemptBy(courseId: string, assessmentId: string, submit: boolean) {
  const learner = await makeEnrolledLearner(t.app, t.db, courseId);
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: learner.auth,
  });
  const attempt = started.json().data.attempt as Attempt;
  const [choice, short, essay] = ["single_choice", "short_answer", "essay"].map(
    (type) => attempt.questions.find((q) => q.type === type) as Served,
  );
  const lyon = choice.options?.find((o) => o.text === "Lyon")?._id;
  await t.app.inject({
    method: "PUT",
    url: `/api/attempts/${attempt._id}/answers`,
    headers: learner.auth,
    payload: {
      answers: [
        { questionId: choice._id, value: lyon },
        { questionId: short._id, value: "pacific ocean" },
        { questionId: essay._id, value: "Because." },
      ],
    },
  });
  if (submit) await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
  return { learner, attempt, choice, short, essay };
}

const readAttempt = async (id: string, auth: Auth) =>
  (await t.app.inject({ method: "GET", url: `/api/attempts/${id}`, headers: auth })).json().data.attempt as Attempt;

const regrade = (base: string, auth: Auth = instructor.auth) =>
  t.app.inject({ method: "POST", url: `${base}/regrade`, headers: auth });

describe("editing an assessment with submissions, and regrading", () => {
  it("an edit changes no earned score; the regrade scores every attempt again, keeps hand grades, and is logged", async () => {
    const { course, assessment, base } = await setup();
    const graded = await attemptBy(course.id, assessment._id, true);
    await t.app.inject({
      method: "PUT",
      url: `${base}/submissions/${graded.attempt._id}`,
      headers: instructor.auth,
      payload: { grades: [{ questionId: graded.essay._id, points: 3, feedback: "Say more." }] },
    });
    const waiting = await attemptBy(course.id, assessment._id, true);
    const open = await attemptBy(course.id, assessment._id, false);
    expect(await readAttempt(graded.attempt._id, graded.learner.auth)).toMatchObject({
      state: "graded",
      score: 3,
      maxPoints: 10,
    });

    const edit = await t.app.inject({
      method: "PUT",
      url: base,
      headers: instructor.auth,
      payload: { questions: FIXED(assessment.questions.map((q) => q._id)) },
    });
    expect(edit.statusCode).toBe(200);
    expect(await readAttempt(graded.attempt._id, graded.learner.auth)).toMatchObject({ score: 3, maxPoints: 10 });

    const response = await regrade(base);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: M.regraded.text, data: { attempts: 3, changed: 2 } });

    const after = await readAttempt(graded.attempt._id, graded.learner.auth);
    expect(after).toMatchObject({ state: "graded", rawScore: 11, score: 11, maxPoints: 12 });
    expect(after.questions.find((q) => q.type === "essay")?.pointsAwarded).toBe(3);
    expect(await readAttempt(waiting.attempt._id, waiting.learner.auth)).toMatchObject({
      state: "submitted",
      rawScore: 8,
      score: null,
      maxPoints: 12,
    });
    // The open attempt now carries the current key and is scored with it on submit.
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/attempts/${open.attempt._id}/submit`,
      headers: open.learner.auth,
    });
    expect(submitted.json().data.attempt).toMatchObject({ state: "submitted", rawScore: 8, maxPoints: 12 });

    const log = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("user_id", "=", instructor.user.id)
      .where("type", "=", "instructor_action")
      .where("course_id", "=", course.id)
      .where("title", "like", "Regraded%")
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0].title).toContain("Regraded");
    expect(JSON.parse(log[0].metadata ?? "{}")).toMatchObject({
      assessmentId: assessment._id,
      attempts: 3,
      changed: 2,
    });
  });

  it("keeps an automatic grade a grader corrected by hand, and a question removed since", async () => {
    const { course, assessment, base } = await setup();
    const { learner, attempt, choice, essay } = await attemptBy(course.id, assessment._id, true);
    await t.app.inject({
      method: "PUT",
      url: `${base}/submissions/${attempt._id}`,
      headers: instructor.auth,
      payload: {
        grades: [
          { questionId: choice._id, points: 1, feedback: "Half right: Lyon was a capital once." },
          { questionId: essay._id, points: 4 },
        ],
      },
    });
    const ids = assessment.questions.map((q) => q._id);
    await t.app.inject({
      method: "PUT",
      url: base,
      headers: instructor.auth,
      payload: { questions: FIXED(ids).slice(0, 1).concat(FIXED(ids).slice(2)) },
    });
    expect((await regrade(base)).json().data).toEqual({ attempts: 1, changed: 1 });
    const after = await readAttempt(attempt._id, learner.auth);
    // The corrected choice keeps 1 point (out of the new 6); the removed short answer keeps its 0 of 2.
    expect(after).toMatchObject({ state: "graded", rawScore: 5, maxPoints: 12 });
  });

  it("is only for the course's managers; another course's assessment is 404", async () => {
    const { course, assessment, base } = await setup();
    const { learner } = await attemptBy(course.id, assessment._id, true);
    expect((await regrade(base, otherInstructor.auth)).statusCode).toBe(403);
    expect((await regrade(base, learner.auth)).statusCode).toBe(403);
    const other = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const crossed = await regrade(`/api/instructor/courses/${other.id}/assessments/${assessment._id}`);
    expect(crossed.statusCode).toBe(404);
    const log = await t.db
      .selectFrom("activities")
      .select("id")
      .where("type", "=", "instructor_action")
      .where("course_id", "in", [course.id, other.id])
      .where("title", "like", "Regraded%")
      .execute();
    expect(log).toHaveLength(0);
  });
});
