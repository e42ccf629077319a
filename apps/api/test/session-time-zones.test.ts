import { DEFAULT_PREFERENCES, SESSION_MESSAGES as M } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeEnrollment, makeSession, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000" } });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

async function world() {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  return { instructor, course, learner };
}

const schedule = (auth: Auth, courseId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/api/instructor/courses/${courseId}/sessions`,
    headers: auth,
    payload: { title: "Zoned class", ...payload },
  });

const edit = (auth: Auth, courseId: string, sessionId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PUT",
    url: `/api/instructor/courses/${courseId}/sessions/${sessionId}`,
    headers: auth,
    payload,
  });

const savePreferredZone = (auth: Auth, timezone: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/users/me/preferences",
    headers: auth,
    payload: { ...DEFAULT_PREFERENCES, timezone },
  });

/** The .ics document's lines with RFC 5545 folding undone. */
const icsLines = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");
const icsValue = (text: string, name: string) =>
  icsLines(text)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.split(":")
    .slice(1)
    .join(":");

describe("the time a teacher types is read in the zone they chose", () => {
  it("stores 14:00 in Europe/Berlin as 13:00Z in winter and 12:00Z in summer", async () => {
    const w = await world();
    const winter = await schedule(w.instructor.auth, w.course.id, {
      scheduledAt: "2099-01-14T14:00",
      timezone: "Europe/Berlin",
    });
    expect(winter.statusCode).toBe(201);
    expect(winter.json().data.session).toMatchObject({
      scheduledAt: "2099-01-14T13:00:00.000Z",
      endTime: "2099-01-14T14:00:00.000Z",
      timezone: "Europe/Berlin",
    });
    const summer = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: w.instructor.auth,
      payload: {
        courseId: w.course.id,
        title: "Summer",
        scheduledAt: "2099-07-14T14:00:00",
        timezone: "Europe/Berlin",
      },
    });
    expect(summer.statusCode).toBe(201);
    expect(summer.json().data.session.scheduledAt).toBe("2099-07-14T12:00:00.000Z");
    // An instant with its offset is taken as it is, whatever the zone.
    const instant = await schedule(w.instructor.auth, w.course.id, {
      scheduledAt: "2099-01-14T14:00:00Z",
      timezone: "Europe/Berlin",
    });
    expect(instant.json().data.session.scheduledAt).toBe("2099-01-14T14:00:00.000Z");
  });

  it("moves a session to a wall-clock time in the zone of the edit, or else the session's own", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, timezone: "Europe/Berlin" });
    const toNewYork = await edit(w.instructor.auth, w.course.id, session.id, {
      scheduledAt: "2099-01-15T09:00",
      timezone: "America/New_York",
    });
    expect(toNewYork.statusCode).toBe(200);
    expect(toNewYork.json().data.session).toMatchObject({
      scheduledAt: "2099-01-15T14:00:00.000Z",
      timezone: "America/New_York",
    });
    const sameZone = await edit(w.instructor.auth, w.course.id, session.id, { scheduledAt: "2099-01-16T09:00" });
    expect(sameZone.json().data.session.scheduledAt).toBe("2099-01-16T14:00:00.000Z");
  });

  it("refuses a zone that is not an IANA zone with a 400 that says so", async () => {
    const w = await world();
    for (const timezone of ["Mars/Olympus", "+05:30", "Europe/Berlinn", ""]) {
      const response = await schedule(w.instructor.auth, w.course.id, { scheduledAt: hoursFromNow(24), timezone });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(M.invalidTimezone.text);
    }
    const session = await makeSession(t.db, { course_id: w.course.id });
    const bad = await edit(w.instructor.auth, w.course.id, session.id, { timezone: "Europe/Nowhere" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.invalidTimezone.text);
  });

  it("e-mails each learner the time in their saved zone, or else the session's, naming the zone", async () => {
    const w = await world();
    const newYorker = await makeEnrolledLearner(t.app, t.db, w.course.id);
    expect((await savePreferredZone(newYorker.auth, "America/New_York")).statusCode).toBe(200);
    const mailsBefore = t.mails.length;
    const response = await schedule(w.instructor.auth, w.course.id, {
      title: "Winter lecture",
      scheduledAt: "2099-01-14T14:00",
      timezone: "Europe/Berlin",
    });
    expect(response.statusCode).toBe(201);
    await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + 2));
    const mails = t.mails.slice(mailsBefore);
    const toNewYorker = mails.find((mail) => mail.to === newYorker.user.email);
    const toOther = mails.find((mail) => mail.to === w.learner.user.email);
    expect(toNewYorker?.text).toContain("at 08:00 (America/New_York)");
    expect(toOther?.text).toContain("at 14:00 (Europe/Berlin)");
  });
});

describe("conflicts of a planned slot", () => {
  const conflicts = (auth: Auth, courseId: string, query: Record<string, string>) =>
    t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${courseId}/sessions/conflicts?${new URLSearchParams(query)}`,
      headers: auth,
    });

  it("reports the teacher's sessions in every course they teach, and counts busy learners in SQL", async () => {
    const w = await world();
    const start = hoursFromNow(50);
    const otherCourse = await makeCourse(t.db, { instructor_id: w.instructor.user.id, title: "Other course" });
    const clashA = await makeSession(t.db, { course_id: otherCourse.id, scheduled_at: addMinutes(start, -30) });
    const clashB = await makeSession(t.db, { course_id: otherCourse.id, scheduled_at: addMinutes(start, 30) });
    await makeSession(t.db, { course_id: otherCourse.id, scheduled_at: addMinutes(start, 60) });
    await makeSession(t.db, { course_id: otherCourse.id, scheduled_at: start, status: "cancelled" });

    // Two learners of the course have a session of another teacher's course then; one has one later.
    const colleague = await makeSignedInUser(t.app, t.db, "instructor");
    const busyCourse = await makeCourse(t.db, { instructor_id: colleague.user.id });
    const laterCourse = await makeCourse(t.db, { instructor_id: colleague.user.id });
    await makeSession(t.db, { course_id: busyCourse.id, scheduled_at: addMinutes(start, 15), duration: 30 });
    await makeSession(t.db, { course_id: laterCourse.id, scheduled_at: addMinutes(start, 90) });
    const busyOne = await makeEnrolledLearner(t.app, t.db, w.course.id);
    const busyTwo = await makeEnrolledLearner(t.app, t.db, w.course.id);
    const free = await makeEnrolledLearner(t.app, t.db, w.course.id);
    await makeEnrollment(t.db, { course_id: busyCourse.id, user_id: busyOne.user.id });
    await makeEnrollment(t.db, { course_id: busyCourse.id, user_id: busyTwo.user.id });
    await makeEnrollment(t.db, { course_id: laterCourse.id, user_id: free.user.id });

    const response = await conflicts(w.instructor.auth, w.course.id, { scheduledAt: start, duration: "60" });
    expect(response.statusCode).toBe(200);
    const { teacherSessions, learnersBusy } = response.json().data;
    expect(teacherSessions.map((s: { _id: string }) => s._id)).toEqual([clashA.id, clashB.id]);
    expect(teacherSessions[0].courseTitle).toBe("Other course");
    expect(learnersBusy).toBe(2);

    // The session being edited does not clash with itself; a wall-clock time is read in its zone.
    const local = new Date(start).toISOString().slice(0, 16);
    const editing = await conflicts(w.instructor.auth, w.course.id, {
      scheduledAt: local,
      timezone: "UTC",
      duration: "60",
      excludeSessionId: clashA.id,
    });
    expect(editing.json().data.teacherSessions.map((s: { _id: string }) => s._id)).toEqual([clashB.id]);

    const quiet = await conflicts(w.instructor.auth, w.course.id, { scheduledAt: hoursFromNow(200), duration: "30" });
    expect(quiet.json().data).toEqual({ teacherSessions: [], learnersBusy: 0 });
  });

  it("is for the course's managers only and answers bad input with a 400", async () => {
    const w = await world();
    const query = { scheduledAt: hoursFromNow(30), duration: "60" };
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    expect((await conflicts(w.learner.auth, w.course.id, query)).statusCode).toBe(403);
    expect((await conflicts(other.auth, w.course.id, query)).statusCode).toBe(403);
    expect((await conflicts(admin.auth, w.course.id, query)).statusCode).toBe(200);
    const badZone = await conflicts(w.instructor.auth, w.course.id, { ...query, timezone: "Nowhere/Land" });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toBe(M.invalidTimezone.text);
    expect((await conflicts(w.instructor.auth, w.course.id, { ...query, duration: "many" })).statusCode).toBe(400);
    expect((await conflicts(w.instructor.auth, w.course.id, { duration: "60" })).statusCode).toBe(400);
  });
});

describe("editing a session", () => {
  it("is for the course's managers; an ended session cannot be edited; bad fields are 400", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    expect((await edit(w.learner.auth, w.course.id, session.id, { title: "Mine" })).statusCode).toBe(403);
    expect((await edit(other.auth, w.course.id, session.id, { title: "Mine" })).statusCode).toBe(403);

    const empty = await edit(w.instructor.auth, w.course.id, session.id, { title: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.requiredFields.text);
    expect((await edit(w.instructor.auth, w.course.id, session.id, { duration: 0 })).statusCode).toBe(400);
    expect((await edit(w.instructor.auth, w.course.id, session.id, { type: "party" })).statusCode).toBe(400);

    const edited = await edit(w.instructor.auth, w.course.id, session.id, {
      title: "Office hours, week 3",
      description: "Bring questions",
      type: "office-hours",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.session).toMatchObject({
      title: "Office hours, week 3",
      description: "Bring questions",
      type: "office-hours",
    });

    const ended = await makeSession(t.db, { course_id: w.course.id, scheduled_at: hoursFromNow(-3) });
    const completed = await makeSession(t.db, { course_id: w.course.id, status: "completed" });
    for (const id of [ended.id, completed.id]) {
      const refused = await edit(w.instructor.auth, w.course.id, id, { title: "Too late" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(M.cannotEditEnded.text);
    }
  });

  it("moving tells the learners in-app and by e-mail, and the .ics keeps its UID with a higher SEQUENCE", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, timezone: "Europe/Berlin" });
    const url = `/api/sessions/${session.id}/calendar.ics`;
    const before = (await t.app.inject({ method: "GET", url, headers: w.learner.auth })).body;
    expect(icsValue(before, "SEQUENCE")).toBe("0");

    const mailsBefore = t.mails.length;
    const moved = await edit(w.instructor.auth, w.course.id, session.id, {
      scheduledAt: "2099-02-03T15:30",
      duration: 90,
    });
    expect(moved.statusCode).toBe(200);

    const after = (await t.app.inject({ method: "GET", url, headers: w.learner.auth })).body;
    expect(icsValue(after, "UID")).toBe(session.ical_uid);
    expect(icsValue(after, "SEQUENCE")).toBe("1");
    expect(icsValue(after, "DTSTART")).toBe("20990203T143000Z");
    expect(icsValue(after, "DTEND")).toBe("20990203T160000Z");

    const bell = await t.app.inject({ method: "GET", url: "/api/notifications", headers: w.learner.auth });
    expect(bell.json().data.notifications[0]).toMatchObject({
      kind: "session_moved",
      title: `Session rescheduled: ${session.title}`,
      link: `/courses/${w.course.id}`,
    });
    await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + 1));
    expect(t.mails.at(-1)).toMatchObject({
      to: w.learner.user.email,
      subject: `Session rescheduled: ${session.title}`,
    });
    expect(t.mails.at(-1)?.text).toContain("at 15:30 (Europe/Berlin)");
  });
});
