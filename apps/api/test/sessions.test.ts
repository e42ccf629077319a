import { SESSION_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000" } });
});
afterAll(() => t.close());

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

/** An instructor with a course, a learner enrolled in it, and an outsider learner and instructor. */
async function world() {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const outsider = await makeSignedInUser(t.app, t.db, "learner");
  const otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  return { instructor, course, learner, outsider, otherInstructor };
}

const schedule = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/sessions", headers: auth, payload });

describe("scheduling a session", () => {
  it("lets the course's instructor schedule one, with the defaults, and e-mails the enrolled learners", async () => {
    const w = await world();
    const mailsBefore = t.mails.length;
    const response = await schedule(w.instructor.auth, {
      courseId: w.course.id,
      title: "  Week 1 live class ",
      scheduledAt: hoursFromNow(24),
    });
    expect(response.statusCode).toBe(201);
    const { session } = response.json().data;
    expect(session).toMatchObject({
      title: "Week 1 live class",
      courseId: w.course.id,
      courseTitle: w.course.title,
      duration: 60,
      timezone: "Asia/Kolkata",
      type: "live-class",
      location: "live",
      maxParticipants: null,
      participants: 0,
      status: "scheduled",
      displayStatus: "upcoming",
      hasRecording: false,
      provider: "jitsi",
      instructor: { _id: w.instructor.user.id, name: "Test User" },
    });
    expect(Date.parse(session.endTime) - Date.parse(session.scheduledAt)).toBe(60 * 60_000);
    expect(response.body).not.toContain("meet.jit.si");
    expect(response.json().message).toBe(M.scheduled.text);

    await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + 1));
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe(w.learner.user.email);
    expect(mail?.subject).toBe("New session scheduled: Week 1 live class");
    expect(mail?.text).toContain("(Asia/Kolkata)");
    expect(mail?.text).toContain(`http://lms.test/courses/${w.course.id}`);
  });

  it("takes every field of the schedule form", async () => {
    const w = await world();
    const response = await schedule(w.instructor.auth, {
      courseId: w.course.id,
      title: "Office hours",
      description: "Bring your questions",
      scheduledAt: hoursFromNow(48),
      duration: 90,
      timezone: "Europe/London",
      type: "office-hours",
      location: "in-person",
      maxParticipants: 12,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.session).toMatchObject({
      description: "Bring your questions",
      duration: 90,
      timezone: "Europe/London",
      type: "office-hours",
      location: "in-person",
      maxParticipants: 12,
      provider: null,
    });
  });

  it("takes any IANA zone beyond the dialog's six, such as the instructor's own", async () => {
    const w = await world();
    const response = await schedule(w.instructor.auth, {
      courseId: w.course.id,
      title: "In Berlin",
      scheduledAt: hoursFromNow(24),
      timezone: "Europe/Berlin",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.session.timezone).toBe("Europe/Berlin");
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${response.json().data.session._id}`,
      headers: w.instructor.auth,
      payload: { timezone: "UTC" },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.session.timezone).toBe("UTC");
  });

  it("refuses a time in the past", async () => {
    const w = await world();
    const response = await schedule(w.instructor.auth, {
      courseId: w.course.id,
      title: "Too late",
      scheduledAt: hoursFromNow(-1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.scheduledInPast.text);
  });

  it.each([
    [{ title: "  " }, M.requiredFields.text],
    [{ title: undefined }, M.requiredFields.text],
    [{ scheduledAt: undefined }, M.requiredFields.text],
    [{ courseId: undefined }, M.requiredFields.text],
    [{ scheduledAt: "tomorrow at ten" }, M.invalidScheduledAt.text],
    [{ duration: 0 }, M.durationMin.text],
    [{ duration: 481 }, M.durationMax.text],
    [{ maxParticipants: 0 }, M.maxParticipantsMin.text],
    [{ timezone: "Mars/Olympus" }, M.invalidTimezone.text],
    [{ timezone: "+05:30" }, M.invalidTimezone.text],
    [{ timezone: "" }, M.invalidTimezone.text],
    [{ type: "party" }, undefined],
    [{ location: "moon" }, undefined],
  ])("refuses %o with 400", async (change, message) => {
    const w = await world();
    const response = await schedule(w.instructor.auth, {
      courseId: w.course.id,
      title: "A session",
      scheduledAt: hoursFromNow(24),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
  });

  it("lets no learner, and no instructor of another course, schedule; admins may; unknown courses are 404", async () => {
    const w = await world();
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const payload = { courseId: w.course.id, title: "A session", scheduledAt: hoursFromNow(24) };
    expect((await schedule(w.learner.auth, payload)).statusCode).toBe(403);
    const other = await schedule(w.otherInstructor.auth, payload);
    expect(other.statusCode).toBe(403);
    expect((await schedule(admin.auth, payload)).statusCode).toBe(201);
    expect((await schedule(w.instructor.auth, { ...payload, courseId: "0123456789abcdef01234567" })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "POST", url: "/api/sessions", payload })).statusCode).toBe(401);
  });

  it("works through the instructor course calls too", async () => {
    const w = await world();
    const url = `/api/instructor/courses/${w.course.id}/sessions`;
    const created = await t.app.inject({
      method: "POST",
      url,
      headers: w.instructor.auth,
      payload: { title: "Through the course", scheduledAt: hoursFromNow(30) },
    });
    expect(created.statusCode).toBe(201);
    const list = await t.app.inject({ method: "GET", url, headers: w.instructor.auth });
    expect(list.json().data.sessions.map((s: { _id: string }) => s._id)).toEqual([created.json().data.session._id]);
    expect((await t.app.inject({ method: "GET", url, headers: w.otherInstructor.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url, headers: w.learner.auth })).statusCode).toBe(403);
  });
});

describe("seeing sessions", () => {
  it("shows learners the sessions of their courses only", async () => {
    const w = await world();
    const mine = await makeSession(t.db, { course_id: w.course.id });
    const elsewhere = await makeSession(t.db);
    const list = await t.app.inject({ method: "GET", url: "/api/sessions", headers: w.learner.auth });
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.sessions.map((s: { _id: string }) => s._id);
    expect(ids).toEqual([mine.id]);
    expect(list.json().data.pagination).toMatchObject({ page: 1, total: 1, pages: 1 });

    const outsider = await t.app.inject({
      method: "GET",
      url: `/api/sessions?courseId=${w.course.id}`,
      headers: w.outsider.auth,
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(MESSAGES.notEnrolled.text);

    const one = await t.app.inject({ method: "GET", url: `/api/sessions/${mine.id}`, headers: w.learner.auth });
    expect(one.json().data.session._id).toBe(mine.id);
    const notMine = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${elsewhere.id}`,
      headers: w.learner.auth,
    });
    expect(notMine.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/sessions/0123456789abcdef01234567",
      headers: w.learner.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await t.app.inject({ method: "GET", url: "/api/sessions/nope", headers: w.learner.auth });
    expect(badId.statusCode).toBe(400);
  });

  it("shows an instructor their courses' sessions, an admin every session, and filters by course and time", async () => {
    const w = await world();
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const soon = await makeSession(t.db, { course_id: w.course.id, scheduled_at: hoursFromNow(2) });
    const later = await makeSession(t.db, { course_id: w.course.id, scheduled_at: hoursFromNow(200) });
    const elsewhere = await makeSession(t.db);

    const ids = async (auth: Record<string, string>, query = "") =>
      (await t.app.inject({ method: "GET", url: `/api/sessions?limit=100${query}`, headers: auth }))
        .json()
        .data.sessions.map((s: { _id: string }) => s._id);
    expect(await ids(w.instructor.auth)).toEqual([soon.id, later.id]);
    expect(await ids(w.otherInstructor.auth)).toEqual([]);
    const all = await ids(admin.auth);
    expect(all).toEqual(expect.arrayContaining([soon.id, later.id, elsewhere.id]));
    expect(await ids(w.instructor.auth, `&from=${encodeURIComponent(hoursFromNow(100))}`)).toEqual([later.id]);
    expect(await ids(w.instructor.auth, `&to=${encodeURIComponent(hoursFromNow(100))}`)).toEqual([soon.id]);
    expect(await ids(admin.auth, `&courseId=${w.course.id}`)).toEqual([soon.id, later.id]);
  });
});

describe("displayed status", () => {
  it("is derived from the stored status and the clock, and both are answered", async () => {
    const w = await world();
    const cases = [
      [{ scheduled_at: hoursFromNow(1) }, "scheduled", "upcoming"],
      [{ scheduled_at: hoursFromNow(-0.5) }, "scheduled", "live"],
      [{ scheduled_at: hoursFromNow(-3) }, "scheduled", "ended"],
      [{ scheduled_at: hoursFromNow(-3), status: "live" }, "live", "live"],
      [{ scheduled_at: hoursFromNow(1), status: "completed" }, "completed", "ended"],
      [{ scheduled_at: hoursFromNow(1), status: "cancelled" }, "cancelled", "cancelled"],
    ] as const;
    for (const [fields, status, displayStatus] of cases) {
      const session = await makeSession(t.db, { course_id: w.course.id, ...fields });
      const response = await t.app.inject({
        method: "GET",
        url: `/api/sessions/${session.id}`,
        headers: w.learner.auth,
      });
      expect(response.json().data.session).toMatchObject({ status, displayStatus });
    }
  });
});

describe("moving, cancelling and deleting", () => {
  it("moves an upcoming session, raises its calendar sequence and tells the learners", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    const mailsBefore = t.mails.length;
    const newTime = hoursFromNow(72);
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${session.id}`,
      headers: w.instructor.auth,
      payload: { scheduledAt: newTime, duration: 45 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.session).toMatchObject({ scheduledAt: new Date(newTime).toISOString(), duration: 45 });
    const row = await t.db.selectFrom("sessions").selectAll().where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(row.ical_sequence).toBe(1);
    expect(row.ical_uid).toBe(session.ical_uid);
    await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + 1));
    expect(t.mails.at(-1)?.subject).toBe(`Session rescheduled: ${session.title}`);
    expect(t.mails.at(-1)?.text).toContain("Previously:");

    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${session.id}`,
      headers: w.instructor.auth,
      payload: { title: "Renamed" },
    });
    expect(renamed.json().data.session.title).toBe("Renamed");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mails.length).toBe(mailsBefore + 1);
  });

  it("refuses moving into the past, moving a session that is not upcoming, and outsiders", async () => {
    const w = await world();
    const upcoming = await makeSession(t.db, { course_id: w.course.id });
    const live = await makeSession(t.db, { course_id: w.course.id, status: "live", scheduled_at: hoursFromNow(-0.2) });
    const put = (id: string, auth: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/sessions/${id}`, headers: auth, payload });

    const past = await put(upcoming.id, w.instructor.auth, { scheduledAt: hoursFromNow(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(M.scheduledInPast.text);
    const moveLive = await put(live.id, w.instructor.auth, { scheduledAt: hoursFromNow(5) });
    expect(moveLive.statusCode).toBe(409);
    expect(moveLive.json().message).toBe(M.cannotReschedule.text);
    expect((await put(upcoming.id, w.learner.auth, { title: "x" })).statusCode).toBe(403);
    expect((await put(upcoming.id, w.otherInstructor.auth, { title: "x" })).statusCode).toBe(403);
  });

  it("cancels an upcoming session, which stays visible as cancelled", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    const mailsBefore = t.mails.length;
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${session.id}`,
      headers: w.instructor.auth,
      payload: { status: "cancelled" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(M.cancelled.text);
    expect(response.json().data.session).toMatchObject({ status: "cancelled", displayStatus: "cancelled" });
    await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + 1));
    expect(t.mails.at(-1)?.subject).toBe(`Session cancelled: ${session.title}`);

    const again = await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${session.id}`,
      headers: w.instructor.auth,
      payload: { status: "cancelled" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.cannotCancel.text);
  });

  it("deletes a session; the instructor calls check that it belongs to the course", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    const other = await makeSession(t.db, { course_id: w.course.id });
    const mailsBefore = t.mails.length;
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/sessions/${session.id}`, headers: w.learner.auth }))
        .statusCode,
    ).toBe(403);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/sessions/${session.id}`,
      headers: w.instructor.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(M.deleted.text);
    await vi.waitFor(() => expect(t.mails.length).toBe(mailsBefore + 1));
    expect(
      (await t.app.inject({ method: "GET", url: `/api/sessions/${session.id}`, headers: w.instructor.auth }))
        .statusCode,
    ).toBe(404);

    const elsewhere = await makeCourse(t.db, { instructor_id: w.instructor.user.id });
    const wrongCourse = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${elsewhere.id}/sessions/${other.id}`,
      headers: w.instructor.auth,
    });
    expect(wrongCourse.statusCode).toBe(404);
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${w.course.id}/sessions/${other.id}`,
      headers: w.instructor.auth,
      payload: { maxParticipants: 5 },
    });
    expect(moved.json().data.session.maxParticipants).toBe(5);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${w.course.id}/sessions/${other.id}`,
      headers: w.instructor.auth,
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe("start, join and end", () => {
  const post = (url: string, auth: Record<string, string>, payload?: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, headers: auth, payload });
  const confirmedEarly = { early: true };

  it("starts only an upcoming session and hands the host link to its instructor", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    expect((await post(`/api/sessions/${session.id}/start`, w.learner.auth)).statusCode).toBe(403);
    expect((await post(`/api/sessions/${session.id}/start`, w.otherInstructor.auth)).statusCode).toBe(403);
    const started = await post(`/api/sessions/${session.id}/start`, w.instructor.auth, confirmedEarly);
    expect(started.statusCode).toBe(200);
    const data = started.json().data;
    expect(data.role).toBe("host");
    expect(data.joinUrl).toMatch(/^https:\/\/meet\.jit\.si\/lms-[0-9a-f]{32}#userInfo\.displayName=/);
    expect(data.session).toMatchObject({ status: "live", displayStatus: "live" });
    expect(data.session.startedAt).toBeTruthy();

    const twice = await post(`/api/sessions/${session.id}/start`, w.instructor.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.cannotStart.text);
  });

  it.each([
    [{ scheduled_at: hoursFromNow(-0.5) }, 409],
    [{ scheduled_at: hoursFromNow(-3) }, 409],
    [{ status: "completed" }, 409],
    [{ status: "cancelled" }, 409],
  ])("refuses to start a session that is not upcoming (%o)", async (fields, status) => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, ...fields });
    const response = await post(
      `/api/instructor/courses/${w.course.id}/sessions/${session.id}/start`,
      w.instructor.auth,
    );
    expect(response.statusCode).toBe(status);
  });

  it("lets enrolled learners join an upcoming or live session with their own link", async () => {
    const w = await world();
    const other = await makeEnrolledLearner(t.app, t.db, w.course.id);
    const session = await makeSession(t.db, { course_id: w.course.id });
    const hostLink = (await post(`/api/sessions/${session.id}/start`, w.instructor.auth, confirmedEarly)).json().data
      .joinUrl as string;
    await t.db.updateTable("users").set({ name: "Lena Learner" }).where("id", "=", w.learner.user.id).execute();

    const joined = await post(`/api/sessions/${session.id}/join`, w.learner.auth);
    expect(joined.statusCode).toBe(200);
    const data = joined.json().data;
    expect(data.role).toBe("attendee");
    expect(data.joinUrl).not.toBe(hostLink);
    expect(decodeURIComponent(data.joinUrl)).toContain('displayName="Lena Learner"');
    expect(data.session.participants).toBe(1);
    const otherLink = (await post(`/api/sessions/${session.id}/join`, other.auth)).json().data.joinUrl;
    expect(new URL(otherLink).pathname).toBe(new URL(data.joinUrl).pathname);

    expect((await post(`/api/sessions/${session.id}/join`, w.outsider.auth)).statusCode).toBe(403);
    const activity = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("user_id", "=", w.learner.user.id)
      .where("type", "=", "session_join")
      .executeTakeFirst();
    expect(activity).toMatchObject({ course_id: w.course.id });
  });

  it("gives the session's instructor the host link on join, without counting them", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, scheduled_at: hoursFromNow(-0.1) });
    const joined = await post(`/api/sessions/${session.id}/join`, w.instructor.auth);
    expect(joined.json().data).toMatchObject({ role: "host", session: { participants: 0, displayStatus: "live" } });
  });

  it.each([[{ scheduled_at: hoursFromNow(-3) }], [{ status: "completed" }], [{ status: "cancelled" }]])(
    "refuses joining a session that has ended or was cancelled (%o)",
    async (fields) => {
      const w = await world();
      const session = await makeSession(t.db, { course_id: w.course.id, ...fields });
      const response = await post(`/api/sessions/${session.id}/join`, w.learner.auth);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(M.cannotJoin.text);
    },
  );

  it("enforces max participants, while people already in may come back", async () => {
    const w = await world();
    const second = await makeEnrolledLearner(t.app, t.db, w.course.id);
    const session = await makeSession(t.db, { course_id: w.course.id, max_participants: 1 });
    expect((await post(`/api/sessions/${session.id}/join`, w.learner.auth)).statusCode).toBe(200);
    const full = await post(`/api/sessions/${session.id}/join`, second.auth);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(M.full.text);
    expect((await post(`/api/sessions/${session.id}/attendance`, w.learner.auth)).statusCode).toBe(200);
    expect((await post(`/api/sessions/${session.id}/join`, w.learner.auth)).statusCode).toBe(200);

    const unlimited = await makeSession(t.db, { course_id: w.course.id });
    expect((await post(`/api/sessions/${unlimited.id}/join`, w.learner.auth)).statusCode).toBe(200);
    expect((await post(`/api/sessions/${unlimited.id}/join`, second.auth)).statusCode).toBe(200);
  });

  it("ends only a live session, closing everyone's attendance", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id });
    const early = await post(`/api/sessions/${session.id}/end`, w.instructor.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.cannotEnd.text);
    await post(`/api/sessions/${session.id}/start`, w.instructor.auth, confirmedEarly);
    await post(`/api/sessions/${session.id}/join`, w.learner.auth);
    expect((await post(`/api/sessions/${session.id}/end`, w.learner.auth)).statusCode).toBe(403);
    const ended = await post(`/api/sessions/${session.id}/end`, w.instructor.auth);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe(M.ended.text);
    expect(ended.json().data.session).toMatchObject({ status: "completed", displayStatus: "ended" });

    const attendance = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${session.id}/attendance`,
      headers: w.instructor.auth,
    });
    expect(attendance.json().data.attendance).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ _id: w.learner.user.id }), present: false }),
    ]);
    expect((await post(`/api/sessions/${session.id}/end`, w.instructor.auth)).statusCode).toBe(409);
  });

  it("ends a session that is live by the clock although nobody pressed start", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, scheduled_at: hoursFromNow(-0.25) });
    expect((await post(`/api/sessions/${session.id}/end`, w.instructor.auth)).statusCode).toBe(200);
  });

  it("joins an in-person session without a link, still counting attendance", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, location: "in-person" });
    const joined = await post(`/api/sessions/${session.id}/join`, w.learner.auth);
    expect(joined.json().data).toMatchObject({ joinUrl: null, session: { participants: 1 } });
    expect(
      (await post(`/api/sessions/${session.id}/start`, w.instructor.auth, confirmedEarly)).json().data.joinUrl,
    ).toBeNull();
  });
});

describe("attendance", () => {
  it("records leaving, and lists who came and for how long to the instructor only", async () => {
    const w = await world();
    const session = await makeSession(t.db, { course_id: w.course.id, scheduled_at: hoursFromNow(-0.1) });
    await t.app.inject({ method: "POST", url: `/api/sessions/${session.id}/join`, headers: w.learner.auth });
    const stayedSince = new Date(Date.now() - 90_000).toISOString();
    await t.db
      .updateTable("session_attendance")
      .set({ present_since: stayedSince, joined_at: stayedSince })
      .where("session_id", "=", session.id)
      .execute();

    const left = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${session.id}/attendance`,
      headers: w.learner.auth,
    });
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toBe(M.left.text);
    expect(left.json().data.attendance).toMatchObject({ present: false, joinedAt: stayedSince });
    expect(left.json().data.attendance.seconds).toBeGreaterThanOrEqual(89);

    const again = await t.app.inject({
      method: "POST",
      url: `/api/sessions/${session.id}/attendance`,
      headers: w.learner.auth,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notJoined.text);

    const list = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${session.id}/attendance`,
      headers: w.instructor.auth,
    });
    expect(list.json().data.summary).toMatchObject({ attendees: 1, present: 0 });
    expect(list.json().data.attendance[0].user).toEqual({
      _id: w.learner.user.id,
      name: w.learner.user.name,
      email: w.learner.user.email,
    });
    for (const auth of [w.learner.auth, w.otherInstructor.auth]) {
      const refused = await t.app.inject({
        method: "GET",
        url: `/api/sessions/${session.id}/attendance`,
        headers: auth,
      });
      expect(refused.statusCode).toBe(403);
    }
    const leave = await t.db
      .selectFrom("activities")
      .select("type")
      .where("user_id", "=", w.learner.user.id)
      .where("type", "=", "session_leave")
      .execute();
    expect(leave).toHaveLength(1);
  });
});
