import { GRADEBOOK_MESSAGES, gradebookResponseSchema, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { startQuiz, TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

let clock = Date.parse("2031-05-01T10:00:00.000Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(clock) });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Auth = Record<string, string>;

async function gradebook(courseId: string, auth: Auth, query = "") {
  return t.app.inject({ method: "GET", url: `/api/courses/${courseId}/gradebook${query}`, headers: auth });
}

/** The gradebook answer, checked against its schema. */
async function readGradebook(courseId: string, auth: Auth, query = "") {
  const response = await gradebook(courseId, auth, query);
  expect(response.statusCode, response.body).toBe(200);
  return gradebookResponseSchema.parse(response.json()).data;
}

const quiz = (courseId: string, settings: Record<string, unknown>) =>
  createAssessment(t.app, courseId, instructor.auth, { questions: TWO_TRUE_FALSE, ...settings });

describe("the gradebook's cells and weighted grade", () => {
  it("counts each assessment by its scoring rule and weighs graded and missing ones (missing as 0)", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const highest = await quiz(course.id, { title: "Highest", weight: 1, attemptsAllowed: 3, scoringRule: "highest" });
    const latest = await quiz(course.id, { title: "Latest", weight: 3, attemptsAllowed: 3, scoringRule: "latest" });
    const average = await quiz(course.id, { title: "Average", weight: 2, attemptsAllowed: 3, scoringRule: "average" });
    const missed = await quiz(course.id, { title: "Missed", weight: 1, dueDate: iso(clock + HOUR) });
    const ahead = await quiz(course.id, { title: "Ahead", weight: 5, dueDate: iso(clock + 100 * HOUR) });
    await quiz(course.id, { title: "Draft", published: false });

    for (const id of [highest._id, latest._id, average._id]) {
      await takeQuiz(t.app, id, learner.auth, ["Six points", "Four points"]);
      await takeQuiz(t.app, id, learner.auth, ["Four points"]);
    }
    clock += 2 * HOUR;

    const book = await readGradebook(course.id, instructor.auth);
    expect(book.assessments.map((a) => a.title)).toEqual(["Missed", "Ahead", "Highest", "Latest", "Average"]);
    expect(book.assessments[0]).toMatchObject({ _id: missed._id, totalPoints: 10, weight: 1, scoringRule: "highest" });
    expect(book.rows).toHaveLength(1);
    const [row] = book.rows;
    expect(row.learner).toMatchObject({ _id: learner.user.id, email: learner.user.email });
    const byTitle = Object.fromEntries(book.assessments.map((a, i) => [a.title, row.cells[i]]));
    expect(byTitle.Highest).toMatchObject({ score: 10, percent: 100, state: "graded", missing: false });
    expect(byTitle.Latest).toMatchObject({ score: 4, percent: 40 });
    expect(byTitle.Average).toMatchObject({ score: 7, percent: 70 });
    expect(byTitle.Missed).toMatchObject({ score: null, percent: null, state: "not_started", missing: true });
    expect(byTitle.Ahead).toMatchObject({ score: null, state: "not_started", missing: false });
    expect(ahead._id).toBe(book.assessments[1]._id);
    // (100 × 1 + 40 × 3 + 70 × 2 + 0 × 1) / (1 + 3 + 2 + 1); "Ahead" is neither graded nor missing.
    expect(row.grade).toBe(51.43);
  });

  it("marks late work, work waiting for a hand grade and attempts under way; an override's due date wins", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const onTime = await makeEnrolledLearner(t.app, t.db, course.id);
    const lateOne = await makeEnrolledLearner(t.app, t.db, course.id);
    const dueDate = iso(clock + HOUR);
    const due = await quiz(course.id, { title: "Due", dueDate, latePenaltyPercent: 10, latePenaltyPer: "hour" });
    const essay = await createAssessment(t.app, course.id, instructor.auth, {
      title: "Essay",
      type: "assignment",
      questions: [{ type: "essay", text: "Write", points: 10 }],
    });
    const open = await quiz(course.id, { title: "Open" });
    const extended = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${due._id}/overrides/${onTime.user.id}`,
      headers: instructor.auth,
      payload: { dueDate: iso(clock + 10 * HOUR) },
    });
    expect(extended.statusCode, extended.body).toBe(200);

    const essayAttempt = await startQuiz(t.app, essay._id, lateOne.auth);
    const written = await t.app.inject({
      method: "PUT",
      url: `/api/attempts/${essayAttempt._id}/answers`,
      headers: lateOne.auth,
      payload: {
        answers: [{ questionId: (await readQuestionIds(essayAttempt._id, lateOne.auth))[0], value: "Essay" }],
      },
    });
    expect(written.statusCode, written.body).toBe(200);
    await t.app.inject({ method: "POST", url: `/api/attempts/${essayAttempt._id}/submit`, headers: lateOne.auth });
    await startQuiz(t.app, open._id, onTime.auth);

    clock += 2 * HOUR;
    const late = await takeQuiz(t.app, due._id, lateOne.auth, ["Six points", "Four points"]);
    // One started hour late: 10% of 10 points off.
    expect(late).toMatchObject({ late: true, score: 9 });

    const book = await readGradebook(course.id, instructor.auth);
    const col = (title: string) => book.assessments.findIndex((a) => a.title === title);
    const rowOf = (id: string) => book.rows.find((r) => r.learner._id === id);
    const lateRow = rowOf(lateOne.user.id);
    const onTimeRow = rowOf(onTime.user.id);
    expect(lateRow?.cells[col("Due")]).toMatchObject({ score: 9, percent: 90, late: true, missing: false });
    expect(lateRow?.cells[col("Essay")]).toMatchObject({
      score: null,
      state: "submitted",
      needsGrading: true,
      missing: false,
    });
    expect(onTimeRow?.cells[col("Due")]).toMatchObject({ state: "not_started", missing: false, late: false });
    expect(onTimeRow?.cells[col("Open")]).toMatchObject({ state: "in_progress", missing: false, score: null });
    // Only "Due" counts for the late learner (the essay waits for its grade); nothing yet for the other.
    expect(lateRow?.grade).toBe(90);
    expect(onTimeRow?.grade).toBeNull();

    clock += 10 * HOUR;
    const later = await readGradebook(course.id, instructor.auth);
    const onTimeLater = later.rows.find((r) => r.learner._id === onTime.user.id);
    expect(onTimeLater?.cells[col("Due")]).toMatchObject({ missing: true });
    expect(onTimeLater?.grade).toBe(0);
  });
});

async function readQuestionIds(attemptId: string, auth: Auth): Promise<string[]> {
  const response = await t.app.inject({ method: "GET", url: `/api/attempts/${attemptId}`, headers: auth });
  return response.json().data.attempt.questions.map((q: { _id: string }) => q._id);
}

describe("who sees which rows", () => {
  it("a learner gets only their own row (the own view); managers get every learner (the course view)", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const me = await makeEnrolledLearner(t.app, t.db, course.id);
    const other = await makeEnrolledLearner(t.app, t.db, course.id);
    const graded = await quiz(course.id, { title: "Graded" });
    await takeQuiz(t.app, graded._id, other.auth, ["Six points"]);

    const mine = await readGradebook(course.id, me.auth, `?search=${encodeURIComponent(other.user.email)}`);
    expect(mine.view).toBe("own");
    expect(mine.rows.map((r) => r.learner._id)).toEqual([me.user.id]);
    expect(mine.pagination).toEqual({ page: 1, limit: 1, total: 1, pages: 1 });
    expect(JSON.stringify(mine)).not.toContain(other.user.id);

    for (const manager of [instructor, admin]) {
      const all = await readGradebook(course.id, manager.auth);
      expect(all.view).toBe("course");
      expect(all.rows.map((r) => r.learner._id).sort()).toEqual([me.user.id, other.user.id].sort());
      expect(all.rows.find((r) => r.learner._id === other.user.id)?.grade).toBe(60);
    }
  });

  it("refuses outsiders like the rest of the course api: 401, 403 not enrolled, 404", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const stranger = await makeSignedInUser(t.app, t.db, "learner");
    const otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
    const otherCourse = await makeCourse(t.db, { instructor_id: otherInstructor.user.id });
    const learnerElsewhere = await makeEnrolledLearner(t.app, t.db, otherCourse.id);

    expect((await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/gradebook` })).statusCode).toBe(401);
    for (const outsider of [stranger, otherInstructor, learnerElsewhere]) {
      const response = await gradebook(course.id, outsider.auth);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.notEnrolled.text);
    }
    const unknown = await gradebook(newId(), instructor.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.courseNotFound.text);
    expect((await gradebook("not-an-id", instructor.auth)).statusCode).toBe(400);
  });

  it("rejects bad paging and search with a 400 and its message", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    for (const query of ["?limit=0", "?limit=101", "?page=0", "?page=x"]) {
      expect((await gradebook(course.id, instructor.auth, query)).statusCode, query).toBe(400);
    }
    const long = await gradebook(course.id, instructor.auth, `?search=${"a".repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].msg).toBe(GRADEBOOK_MESSAGES.searchTooLong.text);
  });
});

describe("paging and search", () => {
  it("pages learners in enrollment order and narrows them by name or e-mail", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    await quiz(course.id, { title: "Only" });
    const learners = [];
    for (let i = 0; i < 5; i++) learners.push(await makeEnrolledLearner(t.app, t.db, course.id));
    await t.db
      .updateTable("users")
      .set({ name: "Zoë 100% Searchable" })
      .where("id", "=", learners[3].user.id)
      .execute();

    const first = await readGradebook(course.id, instructor.auth, "?limit=2");
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    const pages = [
      first,
      ...(await Promise.all([2, 3].map((p) => readGradebook(course.id, instructor.auth, `?limit=2&page=${p}`)))),
    ];
    const seen = pages.flatMap((p) => p.rows.map((r) => r.learner._id));
    expect(seen).toEqual(learners.map((l) => l.user.id));
    expect(pages[2].rows).toHaveLength(1);

    const found = await readGradebook(course.id, instructor.auth, `?search=${encodeURIComponent("zoë 100%")}`);
    expect(found.rows.map((r) => r.learner._id)).toEqual([learners[3].user.id]);
    expect(found.pagination.total).toBe(1);
    const byEmail = await readGradebook(course.id, instructor.auth, `?search=${learners[1].user.email.toUpperCase()}`);
    expect(byEmail.rows.map((r) => r.learner._id)).toEqual([learners[1].user.id]);
    const none = await readGradebook(course.id, instructor.auth, "?search=_");
    expect(none.rows).toEqual([]);
  });
});
