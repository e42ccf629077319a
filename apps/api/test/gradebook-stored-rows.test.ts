import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sendOk, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { backupThroughApi, restoreIntoTestApp } from "./support/backups.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { startQuiz, TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";
import { seededRandom } from "./support/seeded-random.js";

// The gradebook's stored learner rows (migration 060): every write on an input is seen by the next
// read, and the stored answer is byte for byte the one computed afresh.

let clock = Date.parse("2031-05-01T10:00:00.000Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(clock) });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;

async function gradebookText(courseId: string, query = "") {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/courses/${courseId}/gradebook${query}`,
    headers: instructor.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/**
 * The gradebook as read now (from the stored rows), checked to be exactly the answer computed
 * afresh (no stored row), and stored again for the next write to change.
 */
async function readChecked(courseId: string, query = "") {
  const stored = await gradebookText(courseId, query);
  // Exactly what JSON.stringify gives for the same answer (the shape served before rows were stored).
  expect(JSON.stringify(JSON.parse(stored))).toBe(stored);
  await t.db.deleteFrom("gradebook_rows").execute();
  await t.db.deleteFrom("gradebook_courses").execute();
  const fresh = await gradebookText(courseId, query);
  expect(stored).toBe(fresh);
  expect(await gradebookText(courseId, query)).toBe(fresh);
  return JSON.parse(stored).data as {
    assessments: { _id: string; title: string; weight: number }[];
    rows: {
      learner: { _id: string; name: string };
      cells: { score: number | null; missing: boolean; state: string }[];
      grade: number | null;
    }[];
  };
}

const quiz = (courseId: string, settings: Record<string, unknown>) =>
  createAssessment(t.app, courseId, instructor.auth, { questions: TWO_TRUE_FALSE, ...settings });

const setting = (auth: Auth, url: string, method: "PUT" | "DELETE", payload?: object) =>
  sendOk(t.app, auth, url, method, payload);

describe("the gradebook's stored rows", () => {
  it("sees every write on a cell's inputs in the next read: attempts, hand grades, overrides, columns", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const other = await makeEnrolledLearner(t.app, t.db, course.id);
    const first = await quiz(course.id, { title: "First", weight: 1, dueDate: iso(clock + 5 * HOUR) });
    const essay = await createAssessment(t.app, course.id, instructor.auth, {
      title: "Essay",
      type: "assignment",
      weight: 1,
      questions: [{ type: "essay", text: "Write", points: 10 }],
    });
    const rowOf = (book: Awaited<ReturnType<typeof readChecked>>, id: string) =>
      book.rows.find((r) => r.learner._id === id);
    const cell = (book: Awaited<ReturnType<typeof readChecked>>, id: string, title: string) =>
      rowOf(book, id)?.cells[book.assessments.findIndex((a) => a.title === title)];

    let book = await readChecked(course.id);
    expect(cell(book, learner.user.id, "First")).toMatchObject({ score: null, state: "not_started" });

    // A submitted attempt.
    await takeQuiz(t.app, first._id, learner.auth, ["Six points"]);
    book = await readChecked(course.id);
    expect(cell(book, learner.user.id, "First")).toMatchObject({ score: 6, state: "graded" });
    expect(rowOf(book, learner.user.id)?.grade).toBe(60);

    // An essay handed in, then graded by hand.
    const attempt = await startQuiz(t.app, essay._id, learner.auth);
    const opened = await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: learner.auth });
    const questionId = opened.json().data.attempt.questions[0]._id as string;
    await setting(learner.auth, `/api/attempts/${attempt._id}/answers`, "PUT", {
      answers: [{ questionId, value: "An essay." }],
    });
    await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
    book = await readChecked(course.id);
    expect(cell(book, learner.user.id, "Essay")).toMatchObject({ state: "submitted", score: null });
    const submissions = `/api/instructor/courses/${course.id}/assessments/${essay._id}/submissions/${attempt._id}`;
    await setting(instructor.auth, submissions, "PUT", { grades: [{ questionId, points: 8 }] });
    book = await readChecked(course.id);
    expect(cell(book, learner.user.id, "Essay")).toMatchObject({ state: "graded", score: 8 });
    expect(rowOf(book, learner.user.id)?.grade).toBe(70);

    // An override moves the other learner's due date past now: "First" becomes missing for them.
    const overrides = `/api/instructor/courses/${course.id}/assessments/${first._id}/overrides/${other.user.id}`;
    await setting(instructor.auth, overrides, "PUT", { dueDate: iso(clock - HOUR) });
    book = await readChecked(course.id);
    expect(cell(book, other.user.id, "First")).toMatchObject({ missing: true });
    await setting(instructor.auth, overrides, "DELETE");
    book = await readChecked(course.id);
    expect(cell(book, other.user.id, "First")).toMatchObject({ missing: false });

    // A column's weight, a new column, a deleted one.
    const firstUrl = `/api/instructor/courses/${course.id}/assessments/${first._id}`;
    await setting(instructor.auth, firstUrl, "PUT", {
      title: "First",
      questions: TWO_TRUE_FALSE,
      published: true,
      weight: 3,
      dueDate: iso(clock + 5 * HOUR),
    });
    book = await readChecked(course.id);
    expect(book.assessments.find((a) => a.title === "First")?.weight).toBe(3);
    expect(rowOf(book, learner.user.id)?.grade).toBe(65);
    const late = await quiz(course.id, { title: "Late", weight: 1, dueDate: iso(clock - HOUR) });
    book = await readChecked(course.id);
    expect(cell(book, learner.user.id, "Late")).toMatchObject({ missing: true });
    expect(rowOf(book, learner.user.id)?.grade).toBe(52);
    await setting(instructor.auth, `/api/instructor/courses/${course.id}/assessments/${late._id}`, "DELETE");
    book = await readChecked(course.id);
    expect(book.assessments.map((a) => a.title)).toEqual(["First", "Essay"]);
    expect(rowOf(book, learner.user.id)?.grade).toBe(65);
  });

  it("sees enrolments, removals and a learner's new name in the next read", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    await quiz(course.id, { title: "Quiz" });
    expect((await readChecked(course.id)).rows.map((r) => r.learner._id)).toEqual([learner.user.id]);

    const joining = await makeEnrolledLearner(t.app, t.db, course.id);
    expect((await readChecked(course.id)).rows.map((r) => r.learner._id)).toEqual([learner.user.id, joining.user.id]);

    await setting(learner.auth, "/api/users/me", "PUT", { name: "Renamed Learner" });
    const renamed = await readChecked(course.id);
    expect(renamed.rows[0].learner.name).toBe("Renamed Learner");
    expect((await readChecked(course.id, "?search=renamed")).rows.map((r) => r.learner._id)).toEqual([learner.user.id]);

    await setting(admin.auth, `/api/admin/courses/${course.id}/enrollments/${learner.user.id}`, "DELETE");
    expect((await readChecked(course.id)).rows.map((r) => r.learner._id)).toEqual([joining.user.id]);
  });

  it("turns a cell missing once its due date passes, with no write", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    await quiz(course.id, { title: "Due soon", dueDate: iso(clock + HOUR) });
    await quiz(course.id, { title: "Due later", dueDate: iso(clock + 3 * HOUR) });
    const before = await readChecked(course.id);
    expect(before.rows[0].cells.map((c) => c.missing)).toEqual([false, false]);
    expect(before.rows[0].grade).toBeNull();

    clock += 2 * HOUR;
    const after = JSON.parse(await gradebookText(course.id)).data;
    expect(after.rows[0].learner._id).toBe(learner.user.id);
    expect(after.rows[0].cells.map((c: { missing: boolean }) => c.missing)).toEqual([true, false]);
    expect(after.rows[0].grade).toBe(0);

    clock += 2 * HOUR;
    const later = JSON.parse(await gradebookText(course.id)).data;
    expect(later.rows[0].cells.map((c: { missing: boolean }) => c.missing)).toEqual([true, true]);
    await readChecked(course.id);
  });

  it("agrees with the answer computed afresh over many random states", async () => {
    const random = seededRandom(26);
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learners = [];
    for (let i = 0; i < 5; i++) learners.push(await makeEnrolledLearner(t.app, t.db, course.id));
    const rules = ["highest", "latest", "average"];
    const quizzes = [];
    for (let i = 0; i < 4; i++) {
      quizzes.push(
        await quiz(course.id, {
          title: `Quiz ${i}`,
          weight: i + 1,
          attemptsAllowed: 3,
          scoringRule: rules[i % 3],
          dueDate: i === 3 ? null : iso(clock + (i + 1) * HOUR),
        }),
      );
    }
    const answers = [[], ["Six points"], ["Four points"], ["Six points", "Four points"]];
    for (let step = 0; step < 24; step++) {
      const learner = learners[random(learners.length)];
      const target = quizzes[random(quizzes.length)];
      const action = random(5);
      if (action === 0 || action === 1) {
        const taken = await t.app.inject({
          method: "POST",
          url: `/api/assessments/${target._id}/attempts`,
          headers: learner.auth,
        });
        if (taken.statusCode === 201) {
          const attempt = taken.json().data.attempt as { _id: string; questions: { _id: string; text: string }[] };
          const right = answers[random(answers.length)] as string[];
          await setting(learner.auth, `/api/attempts/${attempt._id}/answers`, "PUT", {
            answers: attempt.questions.map((q) => ({ questionId: q._id, value: right.includes(q.text) })),
          });
          if (action === 0) {
            await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
          }
        }
      } else if (action === 2) {
        const overrides = `/api/instructor/courses/${course.id}/assessments/${target._id}/overrides/${learner.user.id}`;
        await setting(instructor.auth, overrides, "PUT", { dueDate: iso(clock + (random(5) - 2) * HOUR) });
      } else if (action === 3) {
        clock += random(3) * HOUR;
      } else {
        await setting(learner.auth, "/api/users/me", "PUT", { name: `Learner ${"abcdefghijklmnopqrstuvwxyz"[step]}` });
      }
      await readChecked(course.id);
      await readChecked(course.id, "?limit=2&page=2");
    }
  });

  it("shows a copied course's own gradebook and, after a restore, the restored grades", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const graded = await quiz(course.id, { title: "Graded", attemptsAllowed: 2, scoringRule: "latest" });
    await takeQuiz(t.app, graded._id, learner.auth, ["Six points"]);
    const before = await readChecked(course.id);
    expect(before.rows[0].cells[0].score).toBe(6);

    const copied = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/copy`,
      headers: instructor.auth,
      payload: { title: "Copied" },
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = await readChecked(copied.json().data.course._id);
    expect(copy.assessments.map((a) => a.title)).toEqual(["Graded"]);
    expect(copy.rows).toEqual([]);

    const archive = await backupThroughApi(t.app, admin.auth, superAdmin.auth);

    await takeQuiz(t.app, graded._id, learner.auth, ["Six points", "Four points"]);
    expect((await readChecked(course.id)).rows[0].cells[0].score).toBe(10);
    await restoreIntoTestApp(t, archive);
    const restored = JSON.parse(await gradebookText(course.id)).data;
    expect(restored.rows[0].cells[0].score).toBe(6);
    await readChecked(course.id);
  });

  it("keeps no row computed from data a concurrent write changed", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learners = [];
    for (let i = 0; i < 6; i++) learners.push(await makeEnrolledLearner(t.app, t.db, course.id));
    const graded = await quiz(course.id, { title: "Graded", attemptsAllowed: 3, scoringRule: "latest" });
    await readChecked(course.id);
    const reads = async () => {
      for (let i = 0; i < 8; i++) await gradebookText(course.id);
    };
    await Promise.all([
      reads(),
      reads(),
      ...learners.map((learner, i) => takeQuiz(t.app, graded._id, learner.auth, i % 2 ? ["Six points"] : [])),
    ]);
    const book = await readChecked(course.id);
    expect(book.rows.map((r) => r.cells[0].score)).toEqual([0, 6, 0, 6, 0, 6]);
  });
});
