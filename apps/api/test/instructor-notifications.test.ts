import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Item = { _id: string; kind: string; title: string; message: string; link: string | null; readAt: string | null };
const bell = async (auth: Headers) =>
  (await t.app.inject({ method: "GET", url: "/api/notifications", headers: auth })).json().data as {
    notifications: Item[];
    unreadCount: number;
  };
const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email);

async function world(published = 1) {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id, published });
  return { instructor, course };
}

describe("grading notifications to the instructor", () => {
  const essay = { questions: [{ type: "essay", text: "Explain recursion.", points: 5 }] };

  async function submit(auth: Headers, assessmentId: string) {
    const started = await t.app.inject({
      method: "POST",
      url: `/api/assessments/${assessmentId}/attempts`,
      headers: auth,
    });
    const attempt = started.json().data.attempt as { _id: string; questions: { _id: string }[] };
    await t.app.inject({
      method: "PUT",
      url: `/api/attempts/${attempt._id}/answers`,
      headers: auth,
      payload: { answers: [{ questionId: attempt.questions[0]._id, value: "A function calling itself." }] },
    });
    const done = await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: auth });
    expect(done.statusCode).toBe(200);
    return attempt;
  }

  it("batches submissions per assessment: three give one unread notification with the count, and one e-mail", async () => {
    const w = await world();
    const assessment = await createAssessment(t.app, w.course.id, w.instructor.auth, {
      title: "Essay week 1",
      ...essay,
    });
    const learners = await Promise.all([1, 2, 3].map(() => makeEnrolledLearner(t.app, t.db, w.course.id)));
    for (const learner of learners) await submit(learner.auth, assessment._id);

    const mine = await bell(w.instructor.auth);
    expect(mine.notifications).toHaveLength(1);
    expect(mine.unreadCount).toBe(1);
    expect(mine.notifications[0]).toMatchObject({
      kind: "grading",
      title: "Grading needed: Essay week 1",
      message: "3 submissions need grading in Essay week 1.",
      link: `/instructor/courses/${w.course.id}/assessments/${assessment._id}/grade`,
      readAt: null,
    });
    await vi.waitFor(() => expect(mailsTo(w.instructor.user.email)).toHaveLength(1));
    expect(mailsTo(w.instructor.user.email)[0].subject).toBe("Grading needed: Essay week 1");
    for (const learner of learners) expect((await bell(learner.auth)).notifications).toEqual([]);
  });

  it("once read, the next submission starts a new notification", async () => {
    const w = await world();
    const assessment = await createAssessment(t.app, w.course.id, w.instructor.auth, {
      title: "Essay week 2",
      ...essay,
    });
    const first = await makeEnrolledLearner(t.app, t.db, w.course.id);
    await submit(first.auth, assessment._id);
    const [seen] = (await bell(w.instructor.auth)).notifications;
    expect(seen.message).toBe("1 submission needs grading in Essay week 2.");
    const read = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${seen._id}/read`,
      headers: w.instructor.auth,
    });
    expect(read.statusCode).toBe(200);

    const second = await makeEnrolledLearner(t.app, t.db, w.course.id);
    await submit(second.auth, assessment._id);
    const after = await bell(w.instructor.auth);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n) => [n.message, n.readAt === null])).toEqual([
      ["2 submissions need grading in Essay week 2.", true],
      ["1 submission needs grading in Essay week 2.", false],
    ]);
  });

  it("grading counts down what is left; with nothing left it is read, and the next submission starts a new one", async () => {
    const w = await world();
    const assessment = await createAssessment(t.app, w.course.id, w.instructor.auth, {
      title: "Essay week 3",
      ...essay,
    });
    const learners = await Promise.all([1, 2].map(() => makeEnrolledLearner(t.app, t.db, w.course.id)));
    const attempts = [];
    for (const learner of learners) attempts.push(await submit(learner.auth, assessment._id));
    const grade = async (attempt: { _id: string; questions: { _id: string }[] }) => {
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/instructor/courses/${w.course.id}/assessments/${assessment._id}/submissions/${attempt._id}`,
        headers: w.instructor.auth,
        payload: { grades: [{ questionId: attempt.questions[0]._id, points: 4 }] },
      });
      expect(response.statusCode).toBe(200);
    };
    const grading = async () => (await bell(w.instructor.auth)).notifications.filter((n) => n.kind === "grading");

    await grade(attempts[0]);
    expect((await grading()).map((n) => [n.message, n.readAt === null])).toEqual([
      ["1 submission needs grading in Essay week 3.", true],
    ]);
    await grade(attempts[1]);
    const [done] = await grading();
    expect(done.readAt).not.toBeNull();

    const late = await makeEnrolledLearner(t.app, t.db, w.course.id);
    await submit(late.auth, assessment._id);
    expect((await grading()).map((n) => [n.message, n.readAt === null])).toEqual([
      ["1 submission needs grading in Essay week 3.", true],
      ["1 submission needs grading in Essay week 3.", false],
    ]);
  });

  it("is not sent for a submission graded automatically, and its e-mail is held back while emailNotifications is off", async () => {
    const w = await world();
    const quiz = await createAssessment(t.app, w.course.id, w.instructor.auth, { title: "Auto quiz" });
    const learner = await makeEnrolledLearner(t.app, t.db, w.course.id);
    const started = await t.app.inject({
      method: "POST",
      url: `/api/assessments/${quiz._id}/attempts`,
      headers: learner.auth,
    });
    const attemptId = started.json().data.attempt._id as string;
    await t.app.inject({ method: "POST", url: `/api/attempts/${attemptId}/submit`, headers: learner.auth });
    expect((await bell(w.instructor.auth)).notifications).toEqual([]);

    const essayOne = await createAssessment(t.app, w.course.id, w.instructor.auth, { title: "Quiet essay", ...essay });
    await saveSystemSettings(t.db, { emailNotifications: false });
    try {
      await submit(learner.auth, essayOne._id);
    } finally {
      await saveSystemSettings(t.db, { emailNotifications: true });
    }
    expect((await bell(w.instructor.auth)).notifications.map((n) => n.title)).toEqual(["Grading needed: Quiet essay"]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(w.instructor.user.email)).toEqual([]);
  });
});

describe("course review notifications to the instructor", () => {
  const submitForReview = (auth: Headers, courseId: string) =>
    t.app.inject({ method: "POST", url: `/api/instructor/courses/${courseId}/review`, headers: auth });
  const decide = (courseId: string, payload: object) =>
    t.app.inject({ method: "POST", url: `/api/admin/courses/${courseId}/review`, headers: admin.auth, payload });

  it("sent back with the comment, then published: both in the bell and by e-mail", async () => {
    const w = await world(0);
    expect((await submitForReview(w.instructor.auth, w.course.id)).statusCode).toBe(200);
    expect((await decide(w.course.id, { decision: "send_back", comment: "Add a syllabus." })).statusCode).toBe(200);
    expect((await submitForReview(w.instructor.auth, w.course.id)).statusCode).toBe(200);
    expect((await decide(w.course.id, { decision: "publish" })).statusCode).toBe(200);

    const mine = await bell(w.instructor.auth);
    expect(mine.notifications.map((n) => [n.kind, n.title])).toEqual([
      ["course_review", `Published: ${w.course.title}`],
      ["course_review", `Changes requested: ${w.course.title}`],
    ]);
    expect(mine.notifications[1].message).toContain("Add a syllabus.");
    expect(mine.notifications[0].link).toBe(`/courses/${w.course.id}`);
    await vi.waitFor(() =>
      expect(mailsTo(w.instructor.user.email).map((m) => m.subject)).toEqual([
        `Changes requested: ${w.course.title}`,
        `Published: ${w.course.title}`,
      ]),
    );
  });

  it("an admin publishing directly tells the instructor; the instructor publishing their own course does not", async () => {
    const w = await world(0);
    const publish = (auth: Headers, area: string) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/${area}/courses/${w.course.id}/status`,
        headers: auth,
        payload: { status: "active" },
      });
    expect((await publish(admin.auth, "admin")).statusCode).toBe(200);
    expect((await bell(w.instructor.auth)).notifications.map((n) => n.title)).toEqual([`Published: ${w.course.title}`]);

    const own = await world(0);
    await saveSystemSettings(t.db, { instructorsMayPublish: true });
    try {
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/instructor/courses/${own.course.id}/status`,
        headers: own.instructor.auth,
        payload: { status: "active" },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await saveSystemSettings(t.db, { instructorsMayPublish: false });
    }
    expect((await bell(own.instructor.auth)).notifications).toEqual([]);
  });
});
