import { ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let clock = Date.parse("2031-06-01T10:00:00.000Z");
const HOUR = 3_600_000;
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

/** A course with two enrolled learners and one assessment made with `settings`. */
async function setup(settings: Record<string, unknown>) {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const helped = await makeEnrolledLearner(t.app, t.db, course.id);
  const classmate = await makeEnrolledLearner(t.app, t.db, course.id);
  const assessment = await createAssessment(t.app, course.id, instructor.auth, settings);
  const url = `/api/instructor/courses/${course.id}/assessments/${assessment._id}/overrides`;
  return { course, helped, classmate, assessment, url };
}

const put = (url: string, payload: Record<string, unknown>, auth: Auth = instructor.auth) =>
  t.app.inject({ method: "PUT", url, headers: auth, payload });
const start = (assessmentId: string, auth: Auth) =>
  t.app.inject({ method: "POST", url: `/api/assessments/${assessmentId}/attempts`, headers: auth });
const submit = (attemptId: string, auth: Auth) =>
  t.app.inject({ method: "POST", url: `/api/attempts/${attemptId}/submit`, headers: auth });

describe("per-learner overrides", () => {
  it("gives one learner extra time on attempts; others keep the limit", async () => {
    const { assessment, helped, classmate, url } = await setup({ timeLimitMinutes: 30 });
    const saved = await put(`${url}/${helped.user.id}`, { extraMinutes: 15 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.override).toMatchObject({
      learner: { _id: helped.user.id, name: helped.user.name },
      extraMinutes: 15,
      extraAttempts: 0,
      dueDate: null,
    });
    const theirs = (await start(assessment._id, helped.auth)).json().data.attempt;
    expect(theirs.deadlineAt).toBe(iso(clock + 45 * 60_000));
    const view = await t.app.inject({ method: "GET", url: `/api/assessments/${assessment._id}`, headers: helped.auth });
    expect(view.json().data.assessment.timeLimitMinutes).toBe(45);
    const others = (await start(assessment._id, classmate.auth)).json().data.attempt;
    expect(others.deadlineAt).toBe(iso(clock + 30 * 60_000));
  });

  it("gives one learner a later due date: they may start and are not late; others are refused", async () => {
    const due = clock + HOUR;
    const { assessment, helped, classmate, url } = await setup({
      lateSubmissions: "refuse",
      dueDate: iso(due),
      latePenaltyPercent: 50,
    });
    await put(`${url}/${helped.user.id}`, { dueDate: iso(due + 24 * HOUR) });
    clock += 2 * HOUR;
    const refused = await start(assessment._id, classmate.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.pastDue.text);
    const read = await t.app.inject({ method: "GET", url: `/api/assessments/${assessment._id}`, headers: helped.auth });
    expect(read.json().data.assessment.dueDate).toBe(iso(due + 24 * HOUR));
    const allowed = await start(assessment._id, helped.auth);
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.attempt.deadlineAt).toBe(iso(due + 24 * HOUR));
    const submitted = (await submit(allowed.json().data.attempt._id, helped.auth)).json().data.attempt;
    expect(submitted).toMatchObject({ late: false, penalty: 0 });
  });

  it("gives one learner an extra attempt", async () => {
    const { assessment, helped, classmate, url } = await setup({ attemptsAllowed: 1 });
    await put(`${url}/${helped.user.id}`, { extraAttempts: 1 });
    for (const learner of [helped, classmate]) {
      const first = (await start(assessment._id, learner.auth)).json().data.attempt;
      await submit(first._id, learner.auth);
    }
    expect((await start(assessment._id, helped.auth)).statusCode).toBe(201);
    expect((await start(assessment._id, classmate.auth)).statusCode).toBe(409);
  });

  it("lists, replaces and removes overrides", async () => {
    const { helped, url } = await setup({});
    await put(`${url}/${helped.user.id}`, { extraMinutes: 5 });
    await put(`${url}/${helped.user.id}`, { extraAttempts: 2 });
    const list = await t.app.inject({ method: "GET", url, headers: instructor.auth });
    expect(list.json().data.overrides).toHaveLength(1);
    expect(list.json().data.overrides[0]).toMatchObject({ extraMinutes: 0, extraAttempts: 2 });
    const removed = await t.app.inject({ method: "DELETE", url: `${url}/${helped.user.id}`, headers: instructor.auth });
    expect(removed.statusCode).toBe(200);
    const again = await t.app.inject({ method: "DELETE", url: `${url}/${helped.user.id}`, headers: instructor.auth });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url, headers: instructor.auth })).json().data.overrides).toEqual([]);
  });

  it("refuses learners outside the course, bad values, other instructors and other courses' ids", async () => {
    const { helped, assessment, url } = await setup({});
    const outsider = await makeSignedInUser(t.app, t.db, "learner");
    const notEnrolled = await put(`${url}/${outsider.user.id}`, { extraMinutes: 5 });
    expect(notEnrolled.statusCode).toBe(400);
    expect(notEnrolled.json().message).toBe(MESSAGES.notEnrolledStudent.text);
    const tooMuch = await put(`${url}/${helped.user.id}`, { extraAttempts: 101 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(M.extraAttemptsRange.text);
    expect((await put(`${url}/${helped.user.id}`, { extraMinutes: -1 })).statusCode).toBe(400);
    expect((await put(`${url}/${helped.user.id}`, { extraMinutes: 5 }, otherInstructor.auth)).statusCode).toBe(403);
    expect((await put(`${url}/${helped.user.id}`, { extraMinutes: 5 }, helped.auth)).statusCode).toBe(403);
    const elsewhere = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const crossCourse = `/api/instructor/courses/${elsewhere.id}/assessments/${assessment._id}/overrides`;
    expect((await put(`${crossCourse}/${helped.user.id}`, { extraMinutes: 5 })).statusCode).toBe(404);
    const rows = await t.db
      .selectFrom("assessment_overrides")
      .selectAll()
      .where("assessment_id", "=", assessment._id)
      .execute();
    expect(rows).toEqual([]);
  });
});
