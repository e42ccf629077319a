import { ASSESSMENT_MESSAGES as M } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment, EVERY_TYPE } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let clock = Date.parse("2031-09-01T10:00:00.000Z");
const HOUR = 3_600_000;

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(clock) });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface Served {
  _id: string;
  type: string;
  pointsAwarded: number | null;
  feedback: string | null;
}

/** An assessment of every question type; the learner answers only the essay and submits. */
async function essaySubmission(settings: Record<string, unknown> = {}, submitAfter = 0) {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const assessment = await createAssessment(t.app, course.id, instructor.auth, { questions: EVERY_TYPE, ...settings });
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessment._id}/attempts`,
    headers: learner.auth,
  });
  const attempt = started.json().data.attempt as { _id: string; questions: Served[] };
  const essay = attempt.questions.find((q) => q.type === "essay") as Served;
  const file = attempt.questions.find((q) => q.type === "file_upload") as Served;
  const choice = attempt.questions.find((q) => q.type === "single_choice") as Served;
  await t.app.inject({
    method: "PUT",
    url: `/api/attempts/${attempt._id}/answers`,
    headers: learner.auth,
    payload: { answers: [{ questionId: essay._id, value: "Recursion is a function calling itself." }] },
  });
  clock += submitAfter;
  await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
  const url = `/api/instructor/courses/${course.id}/assessments/${assessment._id}/submissions/${attempt._id}`;
  return { course, learner, assessment, attempt, essay, file, choice, url };
}

const grade = (url: string, grades: Record<string, unknown>[], auth: Auth = instructor.auth) =>
  t.app.inject({ method: "PUT", url, headers: auth, payload: { grades } });

describe("grading by hand", () => {
  it("grades the essay with feedback; the learner sees score and feedback", async () => {
    const { course, learner, attempt, essay, file, url } = await essaySubmission();
    const response = await grade(url, [
      { questionId: essay._id, points: 4, feedback: "Good, add a base case." },
      { questionId: file._id, points: 0, feedback: "No diagram was attached." },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(M.graded.text);
    expect(response.json().data.attempt).toMatchObject({ state: "graded", rawScore: 4, score: 4 });

    const seen = await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: learner.auth });
    const essayAsSeen = seen.json().data.attempt.questions.find((q: Served) => q.type === "essay");
    expect(essayAsSeen).toMatchObject({ pointsAwarded: 4, feedback: "Good, add a base case." });
    const list = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/assessments`,
      headers: learner.auth,
    });
    expect(list.json().data.assessments[0]).toMatchObject({ state: "graded", score: 4 });
    const managed = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: instructor.auth,
    });
    expect(managed.json().data.assessments[0]).toMatchObject({ submissions: 1, needsGrading: 0 });
  });

  it("keeps an unanswered file question waiting: grading only the essay does not finish the attempt", async () => {
    const { essay, url } = await essaySubmission();
    const response = await grade(url, [{ questionId: essay._id, points: 4 }]);
    expect(response.json().data.attempt).toMatchObject({ state: "submitted", rawScore: 4, score: null });
  });

  it("corrects an automatic grade without finishing an ungraded essay", async () => {
    const { choice, url } = await essaySubmission();
    const response = await grade(url, [{ questionId: choice._id, points: 2 }]);
    expect(response.json().data.attempt).toMatchObject({ state: "submitted", rawScore: 2, score: null });
  });

  it("applies the late penalty when the grade completes a late submission", async () => {
    const { essay, file, url } = await essaySubmission(
      { dueDate: new Date(clock + HOUR).toISOString(), latePenaltyPercent: 10, latePenaltyPer: "day" },
      2 * HOUR,
    );
    const response = await grade(url, [
      { questionId: essay._id, points: 5 },
      { questionId: file._id, points: 0 },
    ]);
    // 10% of 20 points for one started day late.
    expect(response.json().data.attempt).toMatchObject({
      state: "graded",
      late: true,
      rawScore: 5,
      penalty: 2,
      score: 3,
    });
  });

  it("refuses points above the question's, unknown questions, attempts in progress, others' and other courses'", async () => {
    const { course, learner, assessment, essay, url } = await essaySubmission();
    const tooMany = await grade(url, [{ questionId: essay._id, points: 6 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(M.gradeAboveQuestion.text);
    const unknown = await grade(url, [{ questionId: "0123456789abcdef01234567", points: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect((await grade(url, [{ questionId: essay._id, points: 1 }], otherInstructor.auth)).statusCode).toBe(403);
    expect((await grade(url, [{ questionId: essay._id, points: 1 }], learner.auth)).statusCode).toBe(403);

    const other = await createAssessment(t.app, course.id, instructor.auth, {});
    const wrongAssessment = url.replace(assessment._id, other._id);
    expect((await grade(wrongAssessment, [{ questionId: essay._id, points: 1 }])).statusCode).toBe(404);
    const running = await t.app.inject({
      method: "POST",
      url: `/api/assessments/${other._id}/attempts`,
      headers: learner.auth,
    });
    const runningUrl = `/api/instructor/courses/${course.id}/assessments/${other._id}/submissions/${running.json().data.attempt._id}`;
    const inProgress = await grade(runningUrl, [
      { questionId: running.json().data.attempt.questions[0]._id, points: 1 },
    ]);
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json().message).toBe(M.attemptInProgress.text);
    const row = await t.db
      .selectFrom("assessment_answers")
      .select("points_awarded")
      .where("question_id", "=", essay._id)
      .executeTakeFirst();
    expect(row?.points_awarded).toBeNull();
  });
});
