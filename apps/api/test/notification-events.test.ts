import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000", OUTBOX_POLL_MS: "0" } });
});
afterAll(() => t.close());

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
type Item = { kind: string; title: string; message: string; link: string | null; readAt: string | null };
const bell = async (auth: Record<string, string>) =>
  (await t.app.inject({ method: "GET", url: "/api/notifications", headers: auth })).json().data as {
    notifications: Item[];
    unreadCount: number;
  };

async function world() {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const outsider = await makeSignedInUser(t.app, t.db, "learner");
  return { instructor, course, learner, outsider };
}

describe("live session events reach the course's learners in-app", () => {
  it("scheduled, moved and cancelled, each to the enrolled learner and not to an outsider", async () => {
    const w = await world();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: w.instructor.auth,
      payload: { courseId: w.course.id, title: "Week 2 live class", scheduledAt: hoursFromNow(24) },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.session._id;
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${id}`,
      headers: w.instructor.auth,
      payload: { scheduledAt: hoursFromNow(48) },
    });
    expect(moved.statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${id}`,
      headers: w.instructor.auth,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode).toBe(200);

    const mine = await bell(w.learner.auth);
    expect(mine.unreadCount).toBe(3);
    expect(mine.notifications.map((n) => n.title)).toEqual([
      "Session cancelled: Week 2 live class",
      "Session rescheduled: Week 2 live class",
      "New session scheduled: Week 2 live class",
    ]);
    expect(mine.notifications[0]).toMatchObject({ kind: "session", link: `/courses/${w.course.id}` });
    expect(mine.notifications[0].message).toContain(w.course.title);
    expect((await bell(w.outsider.auth)).notifications).toEqual([]);
    expect((await bell(w.instructor.auth)).notifications).toEqual([]);
  });

  it("a deleted upcoming session counts as cancelled", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, title: "Deleted one" });
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/sessions/${session.id}`,
      headers: w.instructor.auth,
    });
    expect(response.statusCode).toBe(200);
    expect((await bell(w.learner.auth)).notifications.map((n) => n.title)).toEqual(["Session cancelled: Deleted one"]);
  });

  it("session events stay out of the admin's broadcast history", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const history = await t.app.inject({ method: "GET", url: "/api/admin/notifications/history", headers: admin.auth });
    expect(history.json().data.pagination.total).toBe(0);
  });
});

describe("a graded submission reaches its learner in-app", () => {
  it("once every question has points, the learner alone is told with the score", async () => {
    const w = await world();
    const assessment = await createAssessment(t.app, w.course.id, w.instructor.auth, {
      title: "Essay on recursion",
      questions: [{ type: "essay", text: "Explain recursion.", points: 5 }],
    });
    const started = await t.app.inject({
      method: "POST",
      url: `/api/assessments/${assessment._id}/attempts`,
      headers: w.learner.auth,
    });
    const attempt = started.json().data.attempt as { _id: string; questions: { _id: string }[] };
    await t.app.inject({
      method: "PUT",
      url: `/api/attempts/${attempt._id}/answers`,
      headers: w.learner.auth,
      payload: { answers: [{ questionId: attempt.questions[0]._id, value: "A function calling itself." }] },
    });
    await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: w.learner.auth });
    expect((await bell(w.learner.auth)).notifications).toEqual([]);

    const graded = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${w.course.id}/assessments/${assessment._id}/submissions/${attempt._id}`,
      headers: w.instructor.auth,
      payload: { grades: [{ questionId: attempt.questions[0]._id, points: 4 }] },
    });
    expect(graded.statusCode).toBe(200);
    // The grade also completes the course (its only required item), which brings a certificate notification.
    const mine = await bell(w.learner.auth);
    expect(mine.notifications.map((notification) => notification.kind).sort()).toEqual(["certificate", "grade"]);
    const grade = mine.notifications.find((notification) => notification.kind === "grade");
    expect(grade).toMatchObject({
      kind: "grade",
      title: "Graded: Essay on recursion",
      link: `/courses/${w.course.id}/assessments/${assessment._id}`,
    });
    expect(grade?.message).toContain("4 of 5 points");
    expect((await bell(w.outsider.auth)).notifications).toEqual([]);
  });
});
