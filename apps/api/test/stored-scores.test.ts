import type { ScoringRule } from "@lms/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKFILL_GRADES, BACKFILL_SCORES } from "../src/db/migrations/028_learner_scores.js";
import { countedScore } from "../src/modules/assessments/grading.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { AUTO_ONLY, createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

// The counted scores and grade rows kept by the api (migration 028) against the same figures
// computed here from the attempts, after each kind of change that moves them.

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
type Learner = Awaited<ReturnType<typeof makeEnrolledLearner>>;
interface Served {
  _id: string;
  type: string;
  options?: { _id: string; text: string }[];
}

const round = (n: number) => Math.round(Number(n) * 1e6) / 1e6;

/** What the stored rows should hold, computed in JS from the attempts of enrolled learners on published assessments. */
async function expectedOf(courseId: string) {
  const attempts = await t.db
    .selectFrom("assessment_attempts as t")
    .innerJoin("assessments as a", "a.id", "t.assessment_id")
    .innerJoin("enrollments as e", (join) =>
      join.onRef("e.user_id", "=", "t.user_id").onRef("e.course_id", "=", "a.course_id"),
    )
    .select(["t.user_id", "t.assessment_id", "t.score", "t.max_points", "a.scoring_rule"])
    .where("a.course_id", "=", courseId)
    .where("a.published", "=", 1)
    .where("t.state", "=", "graded")
    .where("t.score", "is not", null)
    .orderBy("t.number")
    .execute();
  const cells = new Map<
    string,
    { user: string; assessment: string; rule: string; scores: number[]; possible: number }
  >();
  for (const a of attempts) {
    const key = `${a.user_id}/${a.assessment_id}`;
    const cell = cells.get(key) ?? {
      user: a.user_id,
      assessment: a.assessment_id,
      rule: a.scoring_rule,
      scores: [],
      possible: 0,
    };
    cell.scores.push(Number(a.score));
    cell.possible = Math.max(cell.possible, Number(a.max_points));
    cells.set(key, cell);
  }
  const scores = [...cells.values()].map((c) => ({
    user_id: c.user,
    assessment_id: c.assessment,
    score: round(countedScore(c.rule as ScoringRule, c.scores) as number),
    possible: round(c.possible),
  }));
  const grades = new Map<string, { earned: number; possible: number }>();
  for (const s of scores) {
    const g = grades.get(s.user_id) ?? { earned: 0, possible: 0 };
    grades.set(s.user_id, { earned: g.earned + s.score, possible: g.possible + s.possible });
  }
  return {
    scores: scores.sort(byKey),
    grades: [...grades]
      .map(([user_id, g]) => ({ user_id, earned: round(g.earned), possible: round(g.possible) }))
      .sort(byKey),
  };
}

const byKey = (a: { user_id: string; assessment_id?: string }, b: { user_id: string; assessment_id?: string }) =>
  `${a.user_id}/${a.assessment_id ?? ""}`.localeCompare(`${b.user_id}/${b.assessment_id ?? ""}`);

async function storedOf(courseId: string) {
  const scores = await t.db
    .selectFrom("learner_scores")
    .select(["user_id", "assessment_id", "score", "possible"])
    .where("course_id", "=", courseId)
    .execute();
  const grades = await t.db
    .selectFrom("learner_grades")
    .select(["user_id", "earned", "possible", "grade"])
    .where("course_id", "=", courseId)
    .execute();
  for (const g of grades) expect(round(g.grade ?? Number.NaN)).toBe(round(g.earned / g.possible));
  return {
    scores: scores.map((s) => ({ ...s, score: round(s.score), possible: round(s.possible) })).sort(byKey),
    grades: grades
      .map((g) => ({ user_id: g.user_id, earned: round(g.earned), possible: round(g.possible) }))
      .sort(byKey),
  };
}

/** The stored rows equal the figures recomputed from the attempts; returns them for exact checks. */
async function expectInStep(courseId: string) {
  const stored = await storedOf(courseId);
  expect(stored).toEqual(await expectedOf(courseId));
  return stored;
}

const scoreOf = async (courseId: string, userId: string, assessmentId: string) =>
  (await storedOf(courseId)).scores.find((s) => s.user_id === userId && s.assessment_id === assessmentId)?.score;
const gradeOf = async (courseId: string, userId: string) =>
  (await storedOf(courseId)).grades.find((g) => g.user_id === userId);

/** Starts an attempt, answers the five auto-graded questions (right when `right`, else only the choice) and submits. */
async function takeQuiz(assessmentId: string, learner: Learner, right: boolean) {
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: learner.auth,
  });
  const attempt = started.json().data.attempt as { _id: string; questions: Served[] };
  const by = (type: string) => attempt.questions.find((q) => q.type === type) as Served;
  const paris = by("single_choice").options?.find((o) => o.text === "Paris")?._id;
  const primes = by("multiple_choice")
    .options?.filter((o) => ["2", "3", "5"].includes(o.text))
    .map((o) => o._id);
  const answers = right
    ? [
        { questionId: by("single_choice")._id, value: paris },
        { questionId: by("multiple_choice")._id, value: primes },
        { questionId: by("true_false")._id, value: false },
        { questionId: by("short_answer")._id, value: "Pacific" },
        { questionId: by("numeric")._id, value: 3.14 },
      ]
    : [{ questionId: by("single_choice")._id, value: paris }];
  await t.app.inject({
    method: "PUT",
    url: `/api/attempts/${attempt._id}/answers`,
    headers: learner.auth,
    payload: { answers },
  });
  const submitted = await t.app.inject({
    method: "POST",
    url: `/api/attempts/${attempt._id}/submit`,
    headers: learner.auth,
  });
  expect(submitted.statusCode).toBe(200);
  return attempt;
}

async function setup(settings: Record<string, unknown> = {}) {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const quiz = await createAssessment(t.app, course.id, instructor.auth, { attemptsAllowed: 3, ...settings });
  const base = `/api/instructor/courses/${course.id}/assessments/${quiz._id}`;
  return { course, quiz, base };
}

const put = (url: string, auth: Auth, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url, headers: auth, payload });

describe("stored counted scores and grade rows (migration 028)", () => {
  it("a submit that grades the attempt stores its score; an attempt waiting for a hand grade stores nothing", async () => {
    const { course, quiz } = await setup();
    const [ana, ben] = [
      await makeEnrolledLearner(t.app, t.db, course.id),
      await makeEnrolledLearner(t.app, t.db, course.id),
    ];
    await takeQuiz(quiz._id, ana, true);
    await takeQuiz(quiz._id, ben, false);
    await expectInStep(course.id);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(12);
    expect(await gradeOf(course.id, ben.user.id)).toEqual({ user_id: ben.user.id, earned: 4, possible: 12 });

    const essay = await createAssessment(t.app, course.id, instructor.auth, {
      questions: [...AUTO_ONLY, { type: "essay", text: "Why?", points: 8 }],
    });
    await takeQuiz(essay._id, ana, true);
    await expectInStep(course.id);
    expect(await scoreOf(course.id, ana.user.id, essay._id)).toBeUndefined();
  });

  it("a hand grade that completes the attempt stores its score, and a corrected hand grade replaces it", async () => {
    const { course } = await setup();
    const essay = await createAssessment(t.app, course.id, instructor.auth, {
      questions: [...AUTO_ONLY, { type: "essay", text: "Why?", points: 8 }],
    });
    const ana = await makeEnrolledLearner(t.app, t.db, course.id);
    const attempt = await takeQuiz(essay._id, ana, true);
    const essayId = attempt.questions.find((q) => q.type === "essay")?._id;
    const url = `/api/instructor/courses/${course.id}/assessments/${essay._id}/submissions/${attempt._id}`;
    expect((await put(url, instructor.auth, { grades: [{ questionId: essayId, points: 6 }] })).statusCode).toBe(200);
    await expectInStep(course.id);
    expect(await scoreOf(course.id, ana.user.id, essay._id)).toBe(18);
    await put(url, instructor.auth, { grades: [{ questionId: essayId, points: 2 }] });
    await expectInStep(course.id);
    expect(await gradeOf(course.id, ana.user.id)).toEqual({ user_id: ana.user.id, earned: 14, possible: 20 });
  });

  it("a regrade after a key change stores the new scores", async () => {
    const { course, quiz, base } = await setup();
    const ana = await makeEnrolledLearner(t.app, t.db, course.id);
    await takeQuiz(quiz._id, ana, false);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(4);
    // The choice (the one Ana got right) is now worth 10 points instead of 4.
    const questions = quiz.questions.map((q, i) => ({
      ...AUTO_ONLY[i],
      _id: q._id,
      ...(i === 0 ? { points: 10 } : {}),
    }));
    expect((await put(base, instructor.auth, { questions })).statusCode).toBe(200);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(4);
    expect((await t.app.inject({ method: "POST", url: `${base}/regrade`, headers: instructor.auth })).statusCode).toBe(
      200,
    );
    await expectInStep(course.id);
    expect(await gradeOf(course.id, ana.user.id)).toEqual({ user_id: ana.user.id, earned: 10, possible: 18 });
  });

  it("hiding an assessment drops its scores, publishing it again brings them back, and a new scoring rule counts again", async () => {
    const { course, quiz, base } = await setup({ scoringRule: "highest" });
    const ana = await makeEnrolledLearner(t.app, t.db, course.id);
    await takeQuiz(quiz._id, ana, true);
    await takeQuiz(quiz._id, ana, false);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(12);

    await put(base, instructor.auth, { published: false });
    expect(await expectInStep(course.id)).toEqual({ scores: [], grades: [] });
    await put(base, instructor.auth, { published: true });
    await expectInStep(course.id);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(12);

    await put(base, instructor.auth, { scoringRule: "latest" });
    await expectInStep(course.id);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(4);
    await put(base, instructor.auth, { scoringRule: "average" });
    await expectInStep(course.id);
    expect(await gradeOf(course.id, ana.user.id)).toEqual({ user_id: ana.user.id, earned: 8, possible: 12 });
  });

  it("deleting an assessment takes its scores out of the grade rows", async () => {
    const { course, quiz, base } = await setup();
    const other = await createAssessment(t.app, course.id, instructor.auth, {});
    const ana = await makeEnrolledLearner(t.app, t.db, course.id);
    await takeQuiz(quiz._id, ana, true);
    await takeQuiz(other._id, ana, false);
    expect(await gradeOf(course.id, ana.user.id)).toEqual({ user_id: ana.user.id, earned: 16, possible: 24 });
    expect((await t.app.inject({ method: "DELETE", url: base, headers: instructor.auth })).statusCode).toBe(200);
    await expectInStep(course.id);
    expect(await gradeOf(course.id, ana.user.id)).toEqual({ user_id: ana.user.id, earned: 4, possible: 12 });
  });

  it("a learner taken out of the course loses their rows; enrolled again, their graded attempts count again", async () => {
    const { course, quiz } = await setup();
    const [ana, ben] = [
      await makeEnrolledLearner(t.app, t.db, course.id),
      await makeEnrolledLearner(t.app, t.db, course.id),
    ];
    await takeQuiz(quiz._id, ana, true);
    await takeQuiz(quiz._id, ben, true);
    const enrollments = `/api/admin/courses/${course.id}/enrollments`;
    const removed = await t.app.inject({ method: "DELETE", url: `${enrollments}/${ana.user.id}`, headers: admin.auth });
    expect(removed.statusCode).toBe(200);
    const after = await expectInStep(course.id);
    expect(after.grades.map((g) => g.user_id)).toEqual([ben.user.id]);

    const added = await t.app.inject({
      method: "POST",
      url: enrollments,
      headers: admin.auth,
      payload: { userIds: [ana.user.id] },
    });
    expect(added.statusCode).toBe(200);
    await expectInStep(course.id);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(12);
  });

  it("weights, due dates and overrides leave the stored scores alone (the missing work and weights are read per page)", async () => {
    const { course, quiz, base } = await setup();
    const ana = await makeEnrolledLearner(t.app, t.db, course.id);
    await takeQuiz(quiz._id, ana, false);
    const before = await expectInStep(course.id);
    await put(base, instructor.auth, { weight: 3, dueDate: "2020-01-01T00:00:00.000Z" });
    await put(`${base}/overrides/${ana.user.id}`, instructor.auth, {
      dueDate: "2020-02-01T00:00:00.000Z",
      extraAttempts: 1,
    });
    expect(await expectInStep(course.id)).toEqual(before);
  });

  it("a deleted learner's rows go with them", async () => {
    const { course, quiz } = await setup();
    const ana = await makeEnrolledLearner(t.app, t.db, course.id);
    await takeQuiz(quiz._id, ana, true);
    await t.db.deleteFrom("users").where("id", "=", ana.user.id).execute();
    expect(await expectInStep(course.id)).toEqual({ scores: [], grades: [] });
  });

  it("the migration's backfill computes the same rows from the attempts", async () => {
    const { course, quiz } = await setup({ scoringRule: "average" });
    const [ana, ben] = [
      await makeEnrolledLearner(t.app, t.db, course.id),
      await makeEnrolledLearner(t.app, t.db, course.id),
    ];
    await takeQuiz(quiz._id, ana, true);
    await takeQuiz(quiz._id, ana, false);
    await takeQuiz(quiz._id, ben, false);
    const kept = await expectInStep(course.id);
    await t.db.deleteFrom("learner_grades").execute();
    await t.db.deleteFrom("learner_scores").execute();
    await sql.raw(BACKFILL_SCORES).execute(t.db);
    await sql.raw(BACKFILL_GRADES).execute(t.db);
    expect(await expectInStep(course.id)).toEqual(kept);
    expect(await scoreOf(course.id, ana.user.id, quiz._id)).toBe(8);
  });
});
