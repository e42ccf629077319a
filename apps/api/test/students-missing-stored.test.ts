import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sendOk, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { backupThroughApi, restoreIntoTestApp } from "./support/backups.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { startQuiz, TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";
import { seededRandom } from "./support/seeded-random.js";

// The students list's stored missing-work counts (migration 069): every write on an input and every
// due date or deadline passing is seen by the next read, and the stored answer is the one counted afresh.

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
type Student = { _id: string; missing: number };

async function studentsText(courseId: string, query = "") {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/instructor/courses/${courseId}/students/progress${query}`,
    headers: instructor.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/**
 * Each learner's missing work as the list reads it now (from the stored counts where they hold),
 * checked to be exactly the answer counted afresh (no stored count), and stored again.
 */
async function missingChecked(courseId: string, query = "?sort=enrolledAt") {
  const stored = await studentsText(courseId, query);
  await t.db.deleteFrom("learner_missing_work").execute();
  const fresh = await studentsText(courseId, query);
  expect(stored).toBe(fresh);
  expect(await studentsText(courseId, query)).toBe(fresh);
  return (JSON.parse(stored).data.students as Student[]).map((s) => s.missing);
}

/** Each learner's missing work as read now, without counting it afresh first. */
const missingNow = async (courseId: string) =>
  (JSON.parse(await studentsText(courseId, "?sort=enrolledAt")).data.students as Student[]).map((s) => s.missing);

const quiz = (courseId: string, settings: Record<string, unknown>) =>
  createAssessment(t.app, courseId, instructor.auth, { questions: TWO_TRUE_FALSE, ...settings });

const setting = (auth: Auth, url: string, method: "PUT" | "DELETE", payload?: object) =>
  sendOk(t.app, auth, url, method, payload);

describe("the students list's stored missing work", () => {
  it("sees every write on its inputs in the next read: hand-ins, overrides, due dates, assessments, enrolments", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const other = await makeEnrolledLearner(t.app, t.db, course.id);
    const past = await quiz(course.id, { title: "Past", dueDate: iso(clock - HOUR) });
    expect(await missingChecked(course.id)).toEqual([1, 1]);

    await takeQuiz(t.app, past._id, learner.auth, ["Six points"]);
    expect(await missingNow(course.id)).toEqual([0, 1]);

    const overrides = `/api/instructor/courses/${course.id}/assessments/${past._id}/overrides/${other.user.id}`;
    await setting(instructor.auth, overrides, "PUT", { dueDate: iso(clock + HOUR) });
    expect(await missingNow(course.id)).toEqual([0, 0]);
    await setting(instructor.auth, overrides, "DELETE");
    expect(await missingNow(course.id)).toEqual([0, 1]);

    const later = await quiz(course.id, { title: "Later", dueDate: iso(clock + 5 * HOUR) });
    expect(await missingChecked(course.id)).toEqual([0, 1]);
    const laterUrl = `/api/instructor/courses/${course.id}/assessments/${later._id}`;
    await setting(instructor.auth, laterUrl, "PUT", { dueDate: iso(clock - 2 * HOUR) });
    expect(await missingNow(course.id)).toEqual([1, 2]);
    await setting(instructor.auth, laterUrl, "PUT", { published: false });
    expect(await missingNow(course.id)).toEqual([0, 1]);
    await setting(instructor.auth, laterUrl, "PUT", { published: true });
    expect(await missingNow(course.id)).toEqual([1, 2]);
    await setting(instructor.auth, laterUrl, "DELETE");
    expect(await missingNow(course.id)).toEqual([0, 1]);

    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const enrollment = `/api/admin/courses/${course.id}/enrollments/${learner.user.id}`;
    await setting(admin.auth, enrollment, "DELETE");
    expect(await missingNow(course.id)).toEqual([1]);
    const joining = await makeEnrolledLearner(t.app, t.db, course.id);
    expect(await missingNow(course.id)).toEqual([1, 1]);
    await takeQuiz(t.app, past._id, joining.auth, []);
    expect(await missingChecked(course.id)).toEqual([1, 0]);
  });

  it("counts work missing once its due date passes, and handed in once an open attempt's deadline passes", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const other = await makeEnrolledLearner(t.app, t.db, course.id);
    await quiz(course.id, { title: "Due soon", dueDate: iso(clock + HOUR) });
    const timed = await quiz(course.id, { title: "Timed", dueDate: iso(clock + 2 * HOUR), timeLimitMinutes: 240 });
    const overrides = `/api/instructor/courses/${course.id}/assessments/${timed._id}/overrides/${other.user.id}`;
    await setting(instructor.auth, overrides, "PUT", { dueDate: iso(clock + 6 * HOUR) });
    await startQuiz(t.app, timed._id, learner.auth);
    expect(await missingChecked(course.id)).toEqual([0, 0]);

    clock += 1.5 * HOUR;
    expect(await missingNow(course.id)).toEqual([1, 1]);
    clock += HOUR;
    // "Timed" is due for the learner, whose attempt stays open until its deadline; the other's was moved.
    expect(await missingNow(course.id)).toEqual([2, 1]);
    clock += 2 * HOUR;
    expect(await missingNow(course.id)).toEqual([1, 1]);
    clock += 2 * HOUR;
    expect(await missingNow(course.id)).toEqual([1, 2]);
    expect(await missingChecked(course.id)).toEqual([1, 2]);
  });

  it("agrees with the count made afresh over many random states", async () => {
    const random = seededRandom(69);
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learners = [];
    for (let i = 0; i < 5; i++) learners.push(await makeEnrolledLearner(t.app, t.db, course.id));
    const quizzes = [];
    for (let i = 0; i < 4; i++) {
      quizzes.push(
        await quiz(course.id, {
          title: `Quiz ${i}`,
          attemptsAllowed: 3,
          timeLimitMinutes: i % 2 ? 90 : null,
          dueDate: i === 3 ? null : iso(clock + (i + 1) * HOUR),
        }),
      );
    }
    for (let step = 0; step < 24; step++) {
      const learner = learners[random(learners.length)];
      const target = quizzes[random(quizzes.length)];
      const action = random(4);
      if (action === 0) {
        await t.app.inject({ method: "POST", url: `/api/assessments/${target._id}/attempts`, headers: learner.auth });
      } else if (action === 1) {
        const open = await t.app.inject({
          method: "POST",
          url: `/api/assessments/${target._id}/attempts`,
          headers: learner.auth,
        });
        if (open.statusCode < 300) {
          const attempt = open.json().data.attempt as { _id: string };
          await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
        }
      } else if (action === 2) {
        const overrides = `/api/instructor/courses/${course.id}/assessments/${target._id}/overrides/${learner.user.id}`;
        await setting(instructor.auth, overrides, "PUT", { dueDate: iso(clock + (random(5) - 2) * HOUR) });
      } else {
        clock += random(3) * HOUR;
      }
      await missingChecked(course.id);
      await missingChecked(course.id, "?limit=2&page=2&sort=name");
    }
  });

  it("counts the export's missing work without storing it, and uses the counts that hold", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    await makeEnrolledLearner(t.app, t.db, course.id);
    const past = await quiz(course.id, { title: "Past", dueDate: iso(clock - HOUR) });
    await takeQuiz(t.app, past._id, learner.auth, []);
    const exported = async () => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/instructor/courses/${course.id}/students/progress/export?sort=enrolledAt`,
        headers: instructor.auth,
      });
      expect(response.statusCode).toBe(200);
      return (parse(response.body, { columns: true }) as Record<string, string>[]).map((r) => r["Missing work"]);
    };
    const stored = () =>
      t.db.selectFrom("learner_missing_work").select("missing").where("course_id", "=", course.id).execute();
    expect(await exported()).toEqual(["0", "1"]);
    expect((await stored()).filter((row) => row.missing !== null)).toEqual([]);
    expect(await missingNow(course.id)).toEqual([0, 1]);
    expect(await exported()).toEqual(["0", "1"]);
  });

  it("counts again after a restore what the restored data says", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const past = await quiz(course.id, { title: "Past", dueDate: iso(clock - HOUR) });
    expect(await missingChecked(course.id)).toEqual([1]);

    const archive = await backupThroughApi(t.app, admin.auth, superAdmin.auth);

    await takeQuiz(t.app, past._id, learner.auth, ["Six points"]);
    expect(await missingNow(course.id)).toEqual([0]);
    await restoreIntoTestApp(t, archive);
    expect(await missingNow(course.id)).toEqual([1]);
  });

  it("keeps no count made from data a concurrent write changed", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learners = [];
    for (let i = 0; i < 6; i++) learners.push(await makeEnrolledLearner(t.app, t.db, course.id));
    const past = await quiz(course.id, { title: "Past", attemptsAllowed: 3, dueDate: iso(clock - HOUR) });
    expect(await missingChecked(course.id)).toEqual([1, 1, 1, 1, 1, 1]);
    const reads = async () => {
      for (let i = 0; i < 8; i++) await studentsText(course.id, "?sort=enrolledAt");
    };
    await Promise.all([
      reads(),
      reads(),
      ...learners.map((learner, i) => (i % 2 ? takeQuiz(t.app, past._id, learner.auth, []) : Promise.resolve())),
    ]);
    expect(await missingNow(course.id)).toEqual([1, 0, 1, 0, 1, 0]);
  });
});
