import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES as M } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { AUTO_ONLY, createAssessment, EVERY_TYPE } from "./support/assessments.js";
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
  type: string;
  questionFeedback?: string;
}

const EXPLAINED = "<p>Paris has been the capital since 987.</p>";
/** AUTO_ONLY with feedback on its first question (single choice) and none on the others. */
const withFeedback = (feedback = EXPLAINED) => AUTO_ONLY.map((q, i) => (i === 0 ? { ...q, feedback } : q));

const managed = (id: string) =>
  t.app.inject({ method: "GET", url: `/api/instructor/assessments/${id}`, headers: instructor.auth });

/** A learner starts an attempt (answering the first question right) and submits it. */
async function takeAndSubmit(assessmentId: string, auth: Auth) {
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: auth,
  });
  const attempt = started.json().data.attempt as { _id: string; questions: Served[] };
  const inProgress = await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: auth });
  const submitted = await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: auth });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return {
    attempt,
    whileTaking: inProgress.json().data.attempt.questions as Served[],
    afterSubmit: submitted.json().data.attempt as { state: string; questions: Served[] },
  };
}

describe("a question's feedback", () => {
  it("is kept sanitised on create and update, dropped when empty, and refused over the limit", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const created = await createAssessment(t.app, course.id, instructor.auth, {
      questions: withFeedback('<p onclick="x()">Paris <strong>since</strong> 987.</p><script>alert(1)</script>'),
    });
    const first = (await managed(created._id)).json().data.assessment.questions;
    expect(first[0].feedback).toBe("<p>Paris <strong>since</strong> 987.</p>");
    expect(first[1].feedback).toBeUndefined();

    const url = `/api/instructor/courses/${course.id}/assessments/${created._id}`;
    const kept = first.map((q: { _id: string }, i: number) => ({ ...AUTO_ONLY[i], _id: q._id }));
    const updated = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { questions: kept.map((q: object, i: number) => (i === 1 ? { ...q, feedback: "Two is prime." } : q)) },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json().data.assessment.questions;
    expect(after[0].feedback).toBeUndefined();
    expect(after[1].feedback).toBe("Two is prime.");

    const blank = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { questions: kept.map((q: object, i: number) => (i === 1 ? { ...q, feedback: "<p> </p>" } : q)) },
    });
    expect(blank.json().data.assessment.questions[1].feedback).toBeUndefined();

    const tooLong = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { questions: [{ ...AUTO_ONLY[0], feedback: "x".repeat(ASSESSMENT_LIMITS.answerTextMax + 1) }] },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(M.feedbackTooLong.text);
    expect(tooLong.json().errors[0]).toMatchObject({ path: "questions.0.feedback", code: M.feedbackTooLong.code });
    expect((await managed(created._id)).json().data.assessment.questionCount).toBe(5);
  });

  it("reaches the learner with the question's result once graded, when the answers are released", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const quiz = await createAssessment(t.app, course.id, instructor.auth, { questions: withFeedback() });
    const { attempt, whileTaking, afterSubmit } = await takeAndSubmit(quiz._id, learner.auth);
    expect(whileTaking.every((q) => q.questionFeedback === undefined)).toBe(true);
    expect(afterSubmit.state).toBe("graded");
    const choice = afterSubmit.questions.find((q) => q.type === "single_choice");
    expect(choice?.questionFeedback).toBe(EXPLAINED);
    expect(afterSubmit.questions.filter((q) => q.questionFeedback !== undefined)).toHaveLength(1);
    const again = await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: learner.auth });
    expect(again.json().data.attempt.questions.find((q: Served) => q.type === "single_choice").questionFeedback).toBe(
      EXPLAINED,
    );
  });

  it("stays hidden while answers are not released, and while a hand grade is pending", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const never = await createAssessment(t.app, course.id, instructor.auth, {
      questions: withFeedback(),
      showCorrectAnswers: "never",
    });
    const hidden = await takeAndSubmit(never._id, learner.auth);
    expect(hidden.afterSubmit.questions.every((q) => q.questionFeedback === undefined)).toBe(true);

    const withEssay = await createAssessment(t.app, course.id, instructor.auth, {
      questions: EVERY_TYPE.map((q) => ({ ...q, feedback: `About: ${q.text}` })),
    });
    const pending = await takeAndSubmit(withEssay._id, learner.auth);
    expect(pending.afterSubmit.state).toBe("submitted");
    expect(pending.afterSubmit.questions.every((q) => q.questionFeedback === undefined)).toBe(true);
    const grades = pending.afterSubmit.questions
      .filter((q) => q.type === "essay" || q.type === "file_upload")
      .map((q) => ({ questionId: q._id, points: 0 }));
    const graded = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${withEssay._id}/submissions/${pending.attempt._id}`,
      headers: instructor.auth,
      payload: { grades },
    });
    expect(graded.statusCode, graded.body).toBe(200);
    const seen = await t.app.inject({
      method: "GET",
      url: `/api/attempts/${pending.attempt._id}`,
      headers: learner.auth,
    });
    const essay = seen.json().data.attempt.questions.find((q: Served) => q.type === "essay");
    expect(essay.questionFeedback).toBe("About: Explain recursion.");
  });

  it("goes along when the assessment is duplicated and when the course is copied", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const quiz = await createAssessment(t.app, course.id, instructor.auth, { questions: withFeedback() });
    const duplicated = await t.app.inject({
      method: "POST",
      url: `/api/instructor/assessments/${quiz._id}/duplicate`,
      headers: instructor.auth,
      payload: { courseId: course.id },
    });
    expect(duplicated.statusCode, duplicated.body).toBe(201);
    expect(duplicated.json().data.assessment.questions[0].feedback).toBe(EXPLAINED);

    const copied = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/copy`,
      headers: instructor.auth,
      payload: {},
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copyId = copied.json().data.course._id;
    const list = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${copyId}/assessments`,
      headers: instructor.auth,
    });
    const feedbacks: string[] = [];
    for (const a of list.json().data.assessments) {
      const read = (await managed(a._id)).json().data.assessment;
      feedbacks.push(read.questions[0].feedback);
    }
    expect(feedbacks).toEqual([EXPLAINED, EXPLAINED]);
  });
});
