import { DEFAULT_PREFERENCES, SESSION_MESSAGES as M } from "@lms/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../src/mail/mailer.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./support/factories.js";
import { createSmtpServer } from "./support/smtp.js";

let smtp: Awaited<ReturnType<typeof createSmtpServer>>;
let t: TestContext;
beforeAll(async () => {
  smtp = await createSmtpServer();
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_MAX: "10000", OUTBOX_POLL_MS: "0" },
    mailer: createSmtpMailer(smtp.url, "LMS <no-reply@lms.test>"),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
type Auth = Record<string, string>;
const post = (url: string, auth: Auth, payload?: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });
const bell = async (auth: Auth) =>
  (await t.app.inject({ method: "GET", url: "/api/notifications", headers: auth })).json().data as {
    notifications: { kind: string; title: string; message: string; link: string | null }[];
  };
/** Runs the outbox until it is empty: the start's job, then the e-mails it queued. */
async function drainJobs() {
  while ((await t.app.outbox.runDue()) > 0);
}
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.includes(`To: ${email}`));

async function world() {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  return { instructor, course, learner };
}

describe("starting a session tells its learners", () => {
  it("notifies each enrolled learner once in-app, and by e-mail only those whose preferences allow", async () => {
    const w = await world();
    const quiet = await makeEnrolledLearner(t.app, t.db, w.course.id);
    const outsider = await makeSignedInUser(t.app, t.db, "learner");
    const muted = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/preferences",
      headers: quiet.auth,
      payload: { ...DEFAULT_PREFERENCES, notifications: { email: false, push: false, inApp: true } },
    });
    expect(muted.statusCode).toBe(200);
    const session = await makeSession(t.db, {
      course_id: w.course.id,
      title: "Recursion live",
      scheduled_at: minutesFromNow(5),
    });

    const started = await post(`/api/sessions/${session.id}/start`, w.instructor.auth);
    expect(started.statusCode).toBe(200);
    // The answer does not wait for the class: nothing is sent before the job runs.
    expect((await bell(w.learner.auth)).notifications).toEqual([]);
    await drainJobs();

    for (const learner of [w.learner, quiet]) {
      const { notifications } = await bell(learner.auth);
      expect(notifications).toEqual([
        expect.objectContaining({
          kind: "session_started",
          title: "Session started: Recursion live",
          link: "/dashboard",
        }),
      ]);
      expect(notifications[0].message).toContain(w.course.title);
    }
    expect((await bell(outsider.auth)).notifications).toEqual([]);
    expect((await bell(w.instructor.auth)).notifications).toEqual([]);
    expect(mailsTo(w.learner.user.email)).toHaveLength(1);
    expect(mailsTo(w.learner.user.email)[0]).toContain("Subject: Session started: Recursion live");
    expect(mailsTo(w.learner.user.email)[0]).toContain("/dashboard");
    expect(mailsTo(quiet.user.email)).toHaveLength(0);
  });

  it("does not notify twice when started twice, even by two requests at once", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, scheduled_at: minutesFromNow(5) });
    const answers = await Promise.all([
      post(`/api/sessions/${session.id}/start`, w.instructor.auth),
      post(`/api/instructor/courses/${w.course.id}/sessions/${session.id}/start`, w.instructor.auth),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const again = await post(`/api/sessions/${session.id}/start`, w.instructor.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.cannotStart.text);
    await drainJobs();
    expect((await bell(w.learner.auth)).notifications).toHaveLength(1);
    expect(mailsTo(w.learner.user.email)).toHaveLength(1);
  });
});

describe("starting early", () => {
  it("refuses a start 2 days early unless confirmed, then moves the start to now and keeps the duration", async () => {
    const w = await world();
    const session = await makeSession(t.db, {
      course_id: w.course.id,
      scheduled_at: minutesFromNow(2 * 24 * 60),
      duration: 45,
    });

    const refused = await post(`/api/sessions/${session.id}/start`, w.instructor.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: M.startEarly.text, code: "SESSION_MESSAGES.startEarly" });
    const unchanged = await t.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toMatchObject({ status: "scheduled", scheduled_at: session.scheduled_at, started_at: null });
    await drainJobs();
    expect((await bell(w.learner.auth)).notifications).toEqual([]);

    const before = Date.now();
    const started = await post(`/api/sessions/${session.id}/start`, w.instructor.auth, { early: true });
    expect(started.statusCode).toBe(200);
    const moved = started.json().data.session;
    expect(moved).toMatchObject({ status: "live", displayStatus: "live", duration: 45 });
    expect(Date.parse(moved.scheduledAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(moved.scheduledAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(moved.endTime) - Date.parse(moved.scheduledAt)).toBe(45 * 60_000);
    expect(moved.startedAt).toBe(moved.scheduledAt);
    const row = await t.db.selectFrom("sessions").selectAll().where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(row.ical_sequence).toBe(session.ical_sequence + 1);
  });

  it("starts within 15 minutes of the time without a question, keeping the scheduled time", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, scheduled_at: minutesFromNow(10) });
    const started = await post(
      `/api/instructor/courses/${w.course.id}/sessions/${session.id}/start`,
      w.instructor.auth,
    );
    expect(started.statusCode).toBe(200);
    expect(started.json().data.session).toMatchObject({ status: "live", scheduledAt: session.scheduled_at });
  });

  it("answers 400, not 500, to a confirmation that is not a boolean", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    const response = await post(`/api/sessions/${session.id}/start`, w.instructor.auth, { early: "yes" });
    expect(response.statusCode).toBe(400);
  });
});

describe("the real end", () => {
  it("ending stores when the session really ended; the session and the learner's activities show it", async () => {
    const w = await world();
    const session = await makeSession(t.db, {
      course_id: w.course.id,
      scheduled_at: minutesFromNow(-10),
      duration: 90,
    });
    await post(`/api/sessions/${session.id}/join`, w.learner.auth);
    const before = Date.now();
    const ended = await post(`/api/sessions/${session.id}/end`, w.instructor.auth);
    expect(ended.statusCode).toBe(200);
    const shown = ended.json().data.session;
    expect(Date.parse(shown.endedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(shown.endedAt)).toBeLessThanOrEqual(Date.now());
    // Not the planned end, 80 minutes from now.
    expect(shown.endTime).toBe(shown.endedAt);
    const stored = await t.db
      .selectFrom("sessions")
      .select("ical_sequence")
      .where("id", "=", session.id)
      .executeTakeFirstOrThrow();
    expect(stored.ical_sequence).toBe(session.ical_sequence + 1);

    const feed = await t.app.inject({
      method: "GET",
      url: "/api/sessions/activities",
      headers: w.learner.auth,
    });
    expect(feed.statusCode).toBe(200);
    const activity = feed.json().data.activities.find((a: { _id: string }) => a._id === session.id);
    expect(activity).toMatchObject({ status: "completed", endedAt: shown.endedAt, location: "live" });
  });
});
