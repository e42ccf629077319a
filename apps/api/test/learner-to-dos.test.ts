import { learningActivitiesResponseSchema, myGradesResponseSchema } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { startQuiz, TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

// The dashboard reads the real clock: due dates are set around it.
const HOUR = 3_600_000;
const MINUTE = 60_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

const quiz = (courseId: string, settings: Record<string, unknown>) =>
  createAssessment(t.app, courseId, instructor.auth, { questions: TWO_TRUE_FALSE, ...settings });

async function dueNext(auth: Record<string, string>) {
  const response = await t.app.inject({ method: "GET", url: "/api/users/grades", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return myGradesResponseSchema.parse(response.json()).data.dueNext;
}

async function learningActivities(auth: Record<string, string>) {
  const response = await t.app.inject({ method: "GET", url: "/api/sessions/activities", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return learningActivitiesResponseSchema.parse(response.json()).data;
}

describe("the learner's to-dos (Due next and Learning Activities)", () => {
  it("lists open attempts (with their end when timed) and published assessments not attempted yet, dated first", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, title: "Biology" });
    const other = await makeCourse(t.db, { instructor_id: instructor.user.id, title: "Not mine" });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);

    const undated = await quiz(course.id, { title: "Undated quiz" });
    const timed = await quiz(course.id, { title: "Timed quiz", timeLimitMinutes: 30 });
    const halfDone = await quiz(course.id, { title: "Half done", type: "assignment" });
    const dueSoon = await quiz(course.id, { title: "Due soon", dueDate: fromNow(2 * HOUR) });
    const overdue = await quiz(course.id, { title: "Overdue, late accepted", dueDate: fromNow(-HOUR) });
    await quiz(course.id, { title: "Overdue, late refused", dueDate: fromNow(-HOUR), lateSubmissions: "refuse" });
    const submitted = await quiz(course.id, { title: "Submitted" });
    await quiz(course.id, { title: "Unpublished", published: false });
    await quiz(course.id, { title: "Not open yet", availableFrom: fromNow(HOUR) });
    await quiz(other.id, { title: "Another course's" });

    await takeQuiz(t.app, submitted._id, learner.auth, ["Six points"]);
    const openTimed = await startQuiz(t.app, timed._id, learner.auth);
    const openUntimed = await startQuiz(t.app, halfDone._id, learner.auth);

    const list = await dueNext(learner.auth);
    expect(list.map((todo) => [todo.title, todo.state])).toEqual([
      ["Overdue, late accepted", "not_started"],
      ["Timed quiz", "in_progress"],
      ["Due soon", "not_started"],
      ["Half done", "in_progress"],
      ["Undated quiz", "not_started"],
    ]);
    const [late, running, soon, resume, later] = list;
    expect(late).toMatchObject({ _id: overdue._id, attemptId: null, attemptDeadline: null });
    expect(running).toMatchObject({
      _id: timed._id,
      courseId: course.id,
      courseTitle: "Biology",
      dueDate: null,
      attemptId: openTimed._id,
      timeLimitMinutes: 30,
    });
    const timeLeft = Date.parse(running.attemptDeadline as string) - Date.now();
    expect(timeLeft).toBeGreaterThan(28 * MINUTE);
    expect(timeLeft).toBeLessThanOrEqual(30 * MINUTE);
    expect(soon).toMatchObject({ _id: dueSoon._id, dueDate: expect.any(String), attemptDeadline: null });
    expect(resume).toMatchObject({ _id: halfDone._id, type: "assignment", attemptId: openUntimed._id });
    expect(resume.attemptDeadline).toBeNull();
    expect(later).toMatchObject({ _id: undated._id, dueDate: null, state: "not_started", timeLimitMinutes: null });

    const activities = await learningActivities(learner.auth);
    expect(activities.toDos).toEqual(list);
    // A dated to-do is not repeated among the upcoming activities.
    expect(activities.activities.map((a) => a._id)).not.toContain(dueSoon._id);
  });

  it("drops a quiz once it is submitted, and a timed attempt once its time is up", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const first = await quiz(course.id, { title: "First" });
    const timed = await quiz(course.id, { title: "Timed", timeLimitMinutes: 5 });
    expect((await dueNext(learner.auth)).map((todo) => todo.title)).toEqual(["First", "Timed"]);

    await takeQuiz(t.app, first._id, learner.auth, []);
    const attempt = await startQuiz(t.app, timed._id, learner.auth);
    expect((await dueNext(learner.auth)).map((todo) => todo.title)).toEqual(["Timed"]);

    await t.db
      .updateTable("assessment_attempts")
      .set({ deadline_at: fromNow(-5 * MINUTE) })
      .where("id", "=", attempt._id)
      .execute();
    expect(await dueNext(learner.auth)).toEqual([]);
    expect((await learningActivities(learner.auth)).toDos).toEqual([]);
  });

  it("counts a learner's extra attempts and moved due date, and lists nothing for someone not enrolled", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const refused = await quiz(course.id, { title: "Moved", dueDate: fromNow(-HOUR), lateSubmissions: "refuse" });
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${refused._id}/overrides/${learner.user.id}`,
      headers: instructor.auth,
      payload: { dueDate: fromNow(3 * HOUR) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [todo] = await dueNext(learner.auth);
    expect(todo).toMatchObject({ _id: refused._id, state: "not_started" });
    expect(Date.parse(todo.dueDate as string)).toBeGreaterThan(Date.now() + 2 * HOUR);

    const stranger = await makeSignedInUser(t.app, t.db, "learner");
    expect(await dueNext(stranger.auth)).toEqual([]);
    expect((await learningActivities(stranger.auth)).toDos).toEqual([]);
  });
});
