import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/mail/mailer.js";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

/** The mail server as the test wants it: answering, failing, or slow until released. */
let mode: "ok" | "fail" | "slow" = "ok";
const sent: MailMessage[] = [];
let release: () => void = () => {};
/** Slow sends wait for this until the test releases it. */
const held = new Promise<void>((resolve) => {
  release = resolve;
});
const mailer = {
  async send(message: MailMessage) {
    if (mode === "fail") throw new Error("SMTP server refused the connection");
    if (mode === "slow") await held;
    sent.push(message);
  },
};

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, mailer });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(async () => {
  release();
  await t.close();
});

/** A submitted essay, and the call that grades it. */
async function submittedEssay() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const assessment = await createAssessment(t.app, course.id, instructor.auth, {
    title: `Essay ${course.id}`,
    questions: [{ type: "essay", text: "Explain recursion.", points: 5 }],
  });
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessment._id}/attempts`,
    headers: learner.auth,
  });
  const attempt = started.json().data.attempt as { _id: string; questions: { _id: string }[] };
  await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
  const grade = (points: number) =>
    t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/submissions/${attempt._id}`,
      headers: instructor.auth,
      payload: { grades: [{ questionId: attempt.questions[0]._id, points, feedback: "Well argued." }] },
    });
  return { course, learner, assessment, grade };
}

/** The grading e-mails to one address (a grade that completes the course also sends a certificate's). */
const gradingMailsTo = (email: string) => sent.filter((m) => m.to === email && m.subject.startsWith("Graded:"));
const mailTo = async (email: string) => {
  await expect.poll(() => gradingMailsTo(email).length > 0, { timeout: 5000 }).toBe(true);
  return gradingMailsTo(email);
};

describe("the grading e-mail", () => {
  it("tells the learner their score and where to read the feedback", async () => {
    mode = "ok";
    const { course, learner, assessment, grade } = await submittedEssay();
    expect((await grade(4)).statusCode).toBe(200);
    const [mail] = await mailTo(learner.user.email);
    expect(mail.subject).toBe(`Graded: Essay ${course.id}`);
    expect(mail.text).toContain("Score: 4 of 5 points");
    expect(mail.text).toContain(`http://lms.test/courses/${course.id}/assessments/${assessment._id}`);
  });

  it("is not sent when the emailNotifications setting is off", async () => {
    mode = "ok";
    const { learner, grade } = await submittedEssay();
    await saveSystemSettings(t.db, { emailNotifications: false });
    try {
      expect((await grade(3)).statusCode).toBe(200);
    } finally {
      await saveSystemSettings(t.db, { emailNotifications: true });
    }
    // A later mail to someone else has gone out, and still nothing for this learner.
    const other = await submittedEssay();
    await other.grade(2);
    await mailTo(other.learner.user.email);
    expect(gradingMailsTo(learner.user.email)).toEqual([]);
  });

  it("never holds up or fails the grading request: a slow or failing mail server", async () => {
    mode = "slow";
    const slow = await submittedEssay();
    const answered = await slow.grade(5);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.attempt).toMatchObject({ state: "graded", score: 5 });
    expect(sent.some((m) => m.to === slow.learner.user.email)).toBe(false);
    release();
    await mailTo(slow.learner.user.email);

    mode = "fail";
    const failing = await submittedEssay();
    const graded = await failing.grade(1);
    expect(graded.statusCode).toBe(200);
    expect(graded.json().data.attempt).toMatchObject({ state: "graded", score: 1 });
  });
});
