import { ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { AUTO_ONLY, createAssessment, EVERY_TYPE } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

// The app's clock: tests move it instead of sleeping.
let clock = Date.parse("2031-03-01T10:00:00.000Z");
const advance = (ms: number) => {
  clock += ms;
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

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
interface AttemptQuestion {
  _id: string;
  type: string;
  options?: { _id: string; text: string }[];
  answer: unknown;
  pointsAwarded: number | null;
  correctAnswer?: unknown;
}

/** A course of `instructor` with an enrolled learner and one assessment made with `settings`. */
async function setup(settings: Record<string, unknown> = {}) {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const assessment = await createAssessment(t.app, course.id, instructor.auth, settings);
  return { course, learner, assessment };
}

const start = (assessmentId: string, auth: Auth) =>
  t.app.inject({ method: "POST", url: `/api/assessments/${assessmentId}/attempts`, headers: auth });
const save = (attemptId: string, auth: Auth, answers: { questionId?: string; value: unknown }[]) =>
  t.app.inject({ method: "PUT", url: `/api/attempts/${attemptId}/answers`, headers: auth, payload: { answers } });
const submit = (attemptId: string, auth: Auth) =>
  t.app.inject({ method: "POST", url: `/api/attempts/${attemptId}/submit`, headers: auth });
const readAttempt = (attemptId: string, auth: Auth) =>
  t.app.inject({ method: "GET", url: `/api/attempts/${attemptId}`, headers: auth });

async function started(assessmentId: string, auth: Auth) {
  const response = await start(assessmentId, auth);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.attempt as { _id: string; deadlineAt: string | null; questions: AttemptQuestion[] };
}

/** Answers to AUTO_ONLY by question text, looked up in the attempt as served (options by their text). */
function answersFor(questions: AttemptQuestion[], pick: Record<string, unknown>) {
  return questions
    .filter((q) => q.type !== "essay" && q.type !== "file_upload")
    .map((q) => {
      const text = AUTO_ONLY.find((a) => a.type === q.type)?.text ?? "";
      const value = pick[text];
      const byText = (label: unknown) => q.options?.find((o) => o.text === label)?._id;
      if (q.type === "single_choice") return { questionId: q._id, value: byText(value) };
      if (q.type === "multiple_choice") return { questionId: q._id, value: (value as string[]).map(byText) };
      return { questionId: q._id, value };
    });
}

const ALL_RIGHT = {
  "Capital of France?": "Paris",
  "Prime numbers?": ["2", "3", "5"],
  "The earth is flat.": false,
  "Largest ocean?": "  pacific OCEAN ",
  "Pi to two places?": 3.144,
};

describe("taking a quiz", () => {
  it("serves questions without their key, keeps saved answers, grades on submit with partial credit", async () => {
    const { course, assessment, learner } = await setup();
    const attempt = await started(assessment._id, learner.auth);
    const served = JSON.stringify(attempt.questions);
    for (const secret of ["correct", "acceptedAnswers", "Pacific", "3.14", "tolerance"]) {
      expect(served).not.toContain(secret);
    }
    const saved = await save(
      attempt._id,
      learner.auth,
      answersFor(attempt.questions, { ...ALL_RIGHT, "Prime numbers?": ["2", "3"] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const resumed = await start(assessment._id, learner.auth);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.attempt._id).toBe(attempt._id);
    expect(resumed.json().data.attempt.questions.every((q: AttemptQuestion) => q.answer !== null)).toBe(true);

    const submitted = await submit(attempt._id, learner.auth);
    expect(submitted.statusCode).toBe(200);
    const result = submitted.json().data.attempt;
    // 4 + 3 × 2/3 + 1 + 2 + 2
    expect(result).toMatchObject({ state: "graded", rawScore: 11, score: 11, penalty: 0, maxPoints: 12, late: false });
    const mc = result.questions.find((q: AttemptQuestion) => q.type === "multiple_choice");
    expect(mc.pointsAwarded).toBe(2);
    expect(mc.correctAnswer).toHaveLength(3);

    const list = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/assessments`,
      headers: learner.auth,
    });
    expect(list.json().data.assessments[0]).toMatchObject({
      state: "graded",
      score: 11,
      attemptsUsed: 1,
      attemptsLeft: 0,
      currentAttemptId: null,
    });
  });

  it("gives one submission however often and however fast submit is sent", async () => {
    const { assessment, learner } = await setup({ type: "assignment" });
    const attempt = await started(assessment._id, learner.auth);
    await save(attempt._id, learner.auth, answersFor(attempt.questions, ALL_RIGHT));
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => submit(attempt._id, learner.auth)));
    for (const response of [a, b, c]) expect(response.statusCode).toBe(200);
    expect(new Set([a, b, c].map((r) => r.json().data.attempt.submittedAt)).size).toBe(1);
    advance(MINUTE);
    const again = await submit(attempt._id, learner.auth);
    expect(again.json().data.attempt.submittedAt).toBe(a.json().data.attempt.submittedAt);
    const attempts = await t.db
      .selectFrom("assessment_attempts")
      .selectAll()
      .where("assessment_id", "=", assessment._id)
      .execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0].score).toBe(12);
    const answers = await t.db
      .selectFrom("assessment_answers")
      .selectAll()
      .where("attempt_id", "=", attempt._id)
      .execute();
    expect(answers).toHaveLength(5);
    const logged = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("user_id", "=", learner.user.id)
      .where("type", "=", "assignment_submit")
      .execute();
    expect(logged).toHaveLength(1);
  });

  it("many learners at once, each starting and submitting twice concurrently: one attempt and one submission each", async () => {
    const { course, assessment } = await setup({ type: "exam" });
    const learners = await Promise.all(Array.from({ length: 12 }, () => makeEnrolledLearner(t.app, t.db, course.id)));
    await Promise.all(
      learners.map(async (learner) => {
        const starts = await Promise.all([start(assessment._id, learner.auth), start(assessment._id, learner.auth)]);
        expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 201]);
        const [first, second] = starts.map((r) => r.json().data.attempt);
        expect(second._id).toBe(first._id);
        expect((await save(first._id, learner.auth, answersFor(first.questions, ALL_RIGHT))).statusCode).toBe(200);
        const submits = await Promise.all([submit(first._id, learner.auth), submit(first._id, learner.auth)]);
        expect(submits.map((r) => r.json().data.attempt.score)).toEqual([12, 12]);
      }),
    );
    const attempts = await t.db
      .selectFrom("assessment_attempts")
      .selectAll()
      .where("assessment_id", "=", assessment._id)
      .execute();
    expect(attempts).toHaveLength(12);
    expect(attempts.every((a) => a.state === "graded" && a.score === 12)).toBe(true);
    const answers = await t.db
      .selectFrom("assessment_answers")
      .select((eb) => eb.fn.countAll().as("n"))
      .where(
        "attempt_id",
        "in",
        attempts.map((a) => a.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(answers.n)).toBe(60);
  });

  it("keeps earned scores and served questions when the instructor edits the assessment", async () => {
    const { course, assessment, learner } = await setup();
    const attempt = await started(assessment._id, learner.auth);
    await save(attempt._id, learner.auth, answersFor(attempt.questions, ALL_RIGHT));
    await submit(attempt._id, learner.auth);
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}`,
      headers: instructor.auth,
      payload: { questions: [{ type: "true_false", text: "Changed", points: 50, correct: true }] },
    });
    expect(edited.statusCode).toBe(200);
    const review = (await readAttempt(attempt._id, learner.auth)).json().data.attempt;
    expect(review).toMatchObject({ score: 12, maxPoints: 12 });
    expect(review.questions).toHaveLength(5);
    expect(review.questions.some((q: { text: string }) => q.text === "Changed")).toBe(false);
  });

  it("leaves essays and files for a hand grade: submitted, counted in needs grading and results", async () => {
    const { course, assessment, learner } = await setup({ questions: EVERY_TYPE });
    const attempt = await started(assessment._id, learner.auth);
    const essay = attempt.questions.find((q) => q.type === "essay") as AttemptQuestion;
    const file = attempt.questions.find((q) => q.type === "file_upload") as AttemptQuestion;
    const byUpload = await save(attempt._id, learner.auth, [{ questionId: file._id, value: "diagram.png" }]);
    expect(byUpload.statusCode).toBe(400);
    expect(byUpload.json().message).toBe(M.fileAnswerByUpload.text);
    await save(attempt._id, learner.auth, [
      ...answersFor(attempt.questions, ALL_RIGHT),
      { questionId: essay._id, value: "Recursion is..." },
    ]);
    const submitted = (await submit(attempt._id, learner.auth)).json().data.attempt;
    expect(submitted).toMatchObject({ state: "submitted", rawScore: 12, score: null, maxPoints: 20 });
    const essayResult = submitted.questions.find((q: AttemptQuestion) => q.type === "essay");
    expect(essayResult.pointsAwarded).toBeNull();
    // An empty file question waits for its grader too (who may give feedback or accept a late file).
    expect(submitted.questions.find((q: AttemptQuestion) => q.type === "file_upload").pointsAwarded).toBeNull();

    const mine = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/assessments`,
      headers: learner.auth,
    });
    expect(mine.json().data.assessments[0]).toMatchObject({ state: "submitted", score: null });
    const managed = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: instructor.auth,
    });
    expect(managed.json().data.assessments[0]).toMatchObject({ submissions: 1, needsGrading: 1 });
    const results = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/results`,
      headers: instructor.auth,
    });
    expect(results.statusCode).toBe(200);
    expect(results.json().data.results).toEqual([
      {
        _id: attempt._id,
        learner: { _id: learner.user.id, name: learner.user.name, email: learner.user.email },
        attempt: 1,
        state: "submitted",
        score: null,
        rawScore: 12,
        penalty: 0,
        maxPoints: 20,
        startedAt: expect.any(String),
        submittedAt: iso(clock),
        late: false,
      },
    ]);
    expect(results.json().data.pagination).toMatchObject({ total: 1, page: 1 });
    const stranger = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/results`,
      headers: otherInstructor.auth,
    });
    expect(stranger.statusCode).toBe(403);
    const asLearner = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/results`,
      headers: learner.auth,
    });
    expect(asLearner.statusCode).toBe(403);
  });

  it("shuffles questions and options per attempt when asked, serving every one", async () => {
    const { assessment, learner } = await setup({ shuffleQuestions: true, shuffleOptions: true });
    const attempt = await started(assessment._id, learner.auth);
    expect(attempt.questions.map((q) => q._id).sort()).toEqual(assessment.questions.map((q) => q._id).sort());
    const mc = attempt.questions.find((q) => q.type === "multiple_choice");
    expect(mc?.options?.map((o) => o.text).sort()).toEqual(["2", "3", "4", "5"]);
  });
});

describe("answer secrecy", () => {
  it("never shows the key with showCorrectAnswers never", async () => {
    const { assessment, learner } = await setup({ showCorrectAnswers: "never" });
    const attempt = await started(assessment._id, learner.auth);
    await save(attempt._id, learner.auth, answersFor(attempt.questions, ALL_RIGHT));
    const submitted = await submit(attempt._id, learner.auth);
    expect(JSON.stringify(submitted.json())).not.toContain("correctAnswer");
    expect(JSON.stringify((await readAttempt(attempt._id, learner.auth)).json())).not.toContain("correctAnswer");
  });

  it("shows the key after the due date only with after_due; the read of the assessment never has it", async () => {
    const { assessment, learner } = await setup({ showCorrectAnswers: "after_due", dueDate: iso(clock + HOUR) });
    const attempt = await started(assessment._id, learner.auth);
    await submit(attempt._id, learner.auth);
    expect(JSON.stringify((await readAttempt(attempt._id, learner.auth)).json())).not.toContain("correctAnswer");
    const read = await t.app.inject({
      method: "GET",
      url: `/api/assessments/${assessment._id}`,
      headers: learner.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.questions).toBeUndefined();
    expect(JSON.stringify(read.json())).not.toMatch(/Pacific|acceptedAnswers|"correct"/);
    advance(HOUR + MINUTE);
    const after = (await readAttempt(attempt._id, learner.auth)).json().data.attempt;
    expect(after.questions.find((q: AttemptQuestion) => q.type === "true_false").correctAnswer).toBe(false);
  });

  it("gives the course's managers the questions with their key", async () => {
    const { assessment } = await setup();
    const read = await t.app.inject({
      method: "GET",
      url: `/api/assessments/${assessment._id}`,
      headers: instructor.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.questions[3].acceptedAnswers).toEqual(["Pacific", "Pacific Ocean"]);
  });
});

describe("rules on starting", () => {
  it("refuses before available-from (403), and after the attempts allowed (409)", async () => {
    const { assessment, learner } = await setup({
      availableFrom: iso(clock + HOUR),
      attemptsAllowed: 2,
      scoringRule: "latest",
    });
    const early = await start(assessment._id, learner.auth);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(M.notAvailableYet.text);
    advance(HOUR);
    const first = await started(assessment._id, learner.auth);
    await save(first._id, learner.auth, answersFor(first.questions, ALL_RIGHT));
    await submit(first._id, learner.auth);
    const second = await started(assessment._id, learner.auth);
    await submit(second._id, learner.auth);
    const third = await start(assessment._id, learner.auth);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(M.noAttemptsLeft.text);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/assessments/${assessment._id}`,
      headers: learner.auth,
    });
    expect(read.json().data.assessment).toMatchObject({ state: "graded", score: 0, attemptsUsed: 2, attemptsLeft: 0 });
    expect(read.json().data.attempts.map((a: { score: number }) => a.score)).toEqual([12, 0]);
  });

  it("counts the highest attempt by default", async () => {
    const { assessment, learner } = await setup({ attemptsAllowed: null });
    const first = await started(assessment._id, learner.auth);
    await save(first._id, learner.auth, answersFor(first.questions, ALL_RIGHT));
    await submit(first._id, learner.auth);
    const second = await started(assessment._id, learner.auth);
    await submit(second._id, learner.auth);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/assessments/${assessment._id}`,
      headers: learner.auth,
    });
    expect(read.json().data.assessment).toMatchObject({ score: 12, attemptsLeft: null, attemptsUsed: 2 });
  });

  it("refuses learners outside the course (403 not enrolled) and hides drafts (404)", async () => {
    const { course, assessment } = await setup();
    const outsider = await makeSignedInUser(t.app, t.db, "learner");
    for (const response of [
      await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/assessments`, headers: outsider.auth }),
      await t.app.inject({ method: "GET", url: `/api/assessments/${assessment._id}`, headers: outsider.auth }),
      await start(assessment._id, outsider.auth),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.notEnrolled.text);
    }
    const draft = await setup({ published: false });
    expect((await start(draft.assessment._id, draft.learner.auth)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/courses/${draft.course.id}/assessments`,
      headers: draft.learner.auth,
    });
    expect(list.json().data.assessments).toEqual([]);
  });
});

describe("time limit", () => {
  it("closes the attempt at its deadline with what was saved, after a grace for latency", async () => {
    const { assessment, learner } = await setup({ timeLimitMinutes: 10 });
    const attempt = await started(assessment._id, learner.auth);
    expect(attempt.deadlineAt).toBe(iso(clock + 10 * MINUTE));
    const [single, ...rest] = answersFor(attempt.questions, ALL_RIGHT);
    advance(5 * MINUTE);
    expect((await save(attempt._id, learner.auth, [single])).statusCode).toBe(200);
    advance(5 * MINUTE + 20_000);
    expect((await save(attempt._id, learner.auth, [rest[0]])).statusCode).toBe(200);
    advance(20_000);
    const late = await save(attempt._id, learner.auth, rest.slice(1));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.timeUp.text);
    const closed = (await readAttempt(attempt._id, learner.auth)).json().data.attempt;
    expect(closed.state).toBe("graded");
    expect(closed.submittedAt).toBe(attempt.deadlineAt);
    expect(closed.questions.filter((q: AttemptQuestion) => q.answer !== null)).toHaveLength(2);
    const afterClose = await save(attempt._id, learner.auth, [single]);
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().message).toBe(M.attemptClosed.text);
  });

  it("closes an abandoned attempt when the learner next looks", async () => {
    const { course, assessment, learner } = await setup({ timeLimitMinutes: 5 });
    const attempt = await started(assessment._id, learner.auth);
    await save(attempt._id, learner.auth, answersFor(attempt.questions, ALL_RIGHT));
    advance(HOUR);
    const list = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/assessments`,
      headers: learner.auth,
    });
    expect(list.json().data.assessments[0]).toMatchObject({ state: "graded", score: 12, currentAttemptId: null });
  });

  it("closes attempts whose time ran out before the instructor's results show them", async () => {
    const { course, assessment, learner } = await setup({ timeLimitMinutes: 5 });
    const attempt = await started(assessment._id, learner.auth);
    advance(HOUR);
    const results = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/results`,
      headers: instructor.auth,
    });
    expect(results.json().data.results[0]).toMatchObject({
      state: "graded",
      score: 0,
      submittedAt: attempt.deadlineAt,
    });
  });
});

describe("late policy", () => {
  it("refuse: the attempt ends at the due date and none starts after it", async () => {
    const { assessment, learner } = await setup({
      lateSubmissions: "refuse",
      dueDate: iso(clock + HOUR),
      attemptsAllowed: 3,
    });
    const attempt = await started(assessment._id, learner.auth);
    expect(attempt.deadlineAt).toBe(iso(clock + HOUR));
    advance(2 * HOUR);
    expect((await save(attempt._id, learner.auth, answersFor(attempt.questions, ALL_RIGHT))).statusCode).toBe(409);
    const refused = await start(assessment._id, learner.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.pastDue.text);
    const closed = (await readAttempt(attempt._id, learner.auth)).json().data.attempt;
    expect(closed).toMatchObject({ late: false, score: 0 });
  });

  it("accept with a penalty: percent per started hour, never below the floor", async () => {
    const settings = {
      dueDate: iso(clock + HOUR),
      latePenaltyPercent: 10,
      latePenaltyPer: "hour",
      latePenaltyFloor: 50,
      attemptsAllowed: null,
    };
    const { course, assessment, learner } = await setup(settings);
    advance(2 * HOUR + 30 * MINUTE);
    const attempt = await started(assessment._id, learner.auth);
    await save(attempt._id, learner.auth, answersFor(attempt.questions, ALL_RIGHT));
    const submitted = (await submit(attempt._id, learner.auth)).json().data.attempt;
    // 1 h 30 min late: two started hours, 2 × 10% of 12 points.
    expect(submitted).toMatchObject({ late: true, rawScore: 12, penalty: 2.4, score: 9.6 });

    advance(10 * HOUR);
    const later = await started(assessment._id, learner.auth);
    await save(later._id, learner.auth, answersFor(later.questions, ALL_RIGHT));
    expect((await submit(later._id, learner.auth)).json().data.attempt).toMatchObject({
      late: true,
      score: 6,
      penalty: 6,
    });
    const results = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/results`,
      headers: instructor.auth,
    });
    expect(results.json().data.results.map((r: { late: boolean }) => r.late)).toEqual([true, true]);
  });
});

describe("attempts of others and bad answers", () => {
  it("answers 404 for someone else's attempt and for another course's instructor", async () => {
    const { course, assessment, learner } = await setup();
    const attempt = await started(assessment._id, learner.auth);
    const classmate = await makeEnrolledLearner(t.app, t.db, course.id);
    const [question] = answersFor(attempt.questions, ALL_RIGHT);
    expect((await readAttempt(attempt._id, classmate.auth)).statusCode).toBe(404);
    expect((await save(attempt._id, classmate.auth, [question])).statusCode).toBe(404);
    expect((await submit(attempt._id, classmate.auth)).statusCode).toBe(404);
    expect((await readAttempt(attempt._id, otherInstructor.auth)).statusCode).toBe(404);
    expect((await submit(attempt._id, instructor.auth)).statusCode).toBe(404);
    const managerView = await readAttempt(attempt._id, instructor.auth);
    expect(managerView.statusCode).toBe(200);
    const row = await t.db
      .selectFrom("assessment_attempts")
      .select("state")
      .where("id", "=", attempt._id)
      .executeTakeFirst();
    expect(row?.state).toBe("in_progress");
  });

  it.each([
    [
      "a question not in the attempt",
      () => ({ questionId: "0123456789abcdef01234567", value: "x" }),
      400,
      M.questionNotInAttempt.text,
    ],
    [
      "a value of the wrong type",
      (q: AttemptQuestion[]) => ({ questionId: q.find((x) => x.type === "numeric")?._id, value: "3.14" }),
      400,
      M.answerDoesNotFit.text,
    ],
    [
      "an option of another question",
      (q: AttemptQuestion[]) => ({ questionId: q.find((x) => x.type === "single_choice")?._id, value: "7" }),
      400,
      M.answerDoesNotFit.text,
    ],
    [
      "a huge answer",
      (q: AttemptQuestion[]) => ({
        questionId: q.find((x) => x.type === "short_answer")?._id,
        value: "x".repeat(20_001),
      }),
      400,
      M.answerTooLong.text,
    ],
  ])("refuses %s and changes nothing", async (_name, answer, status, message) => {
    const { assessment, learner } = await setup();
    const attempt = await started(assessment._id, learner.auth);
    const response = await save(attempt._id, learner.auth, [answer(attempt.questions)]);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    const rows = await t.db
      .selectFrom("assessment_answers")
      .selectAll()
      .where("attempt_id", "=", attempt._id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("clears an answer saved as null", async () => {
    const { assessment, learner } = await setup();
    const attempt = await started(assessment._id, learner.auth);
    const [first] = answersFor(attempt.questions, ALL_RIGHT);
    await save(attempt._id, learner.auth, [first]);
    const cleared = await save(attempt._id, learner.auth, [{ questionId: first.questionId, value: null }]);
    expect(cleared.json().data.attempt.questions.every((q: AttemptQuestion) => q.answer === null)).toBe(true);
  });
});
