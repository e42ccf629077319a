import { SESSION_MESSAGES as M } from "@lms/contract";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSession, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000" } });
});
afterAll(() => t.close());

/** Whole seconds: iCalendar times have no milliseconds. */
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + hours * 3600_000).toISOString();

/** Parses an iCalendar document back with ical.js; one entry per VEVENT. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      utc: event.startDate.zone?.tzid === "UTC",
      status: vevent.getFirstPropertyValue("status"),
    };
  });
}

async function world() {
  const instructor = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  return { instructor, course, learner };
}

/** The user's feed link, made on first use as the web app does (GET reads, POST makes one). */
async function feedUrlOf(auth: Record<string, string>): Promise<string> {
  const current = (await t.app.inject({ method: "GET", url: "/api/calendar/feed", headers: auth })).json().data;
  if (current) return current.feedUrl;
  return (await t.app.inject({ method: "POST", url: "/api/calendar/feed", headers: auth })).json().data.feedUrl;
}
const fetchFeed = (feedUrl: string) => t.app.inject({ method: "GET", url: new URL(feedUrl).pathname });

describe("calendar feed", () => {
  it("gives each user a private feed URL that stays the same until renewed", async () => {
    const w = await world();
    const none = await t.app.inject({ method: "GET", url: "/api/calendar/feed", headers: w.learner.auth });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
    const first = await t.app.inject({ method: "POST", url: "/api/calendar/feed", headers: w.learner.auth });
    expect(first.statusCode).toBe(200);
    const { feedUrl, webcalUrl } = first.json().data;
    expect(feedUrl).toMatch(/^http:\/\/lms\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\/sessions\.ics$/);
    expect(webcalUrl).toBe(feedUrl.replace("http:", "webcal:"));
    expect(await feedUrlOf(w.learner.auth)).toBe(feedUrl);
    expect(await feedUrlOf(w.instructor.auth)).not.toBe(feedUrl);

    const stored = await t.db
      .selectFrom("calendar_feeds")
      .selectAll()
      .where("user_id", "=", w.learner.user.id)
      .execute();
    const token = feedUrl.split("/").at(-2) as string;
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
  });

  it("holds the sessions of the user's courses, in UTC, with the meeting link left out", async () => {
    const w = await world();
    const session = await makeSession(t.db, {
      course_id: w.course.id,
      title: "Kick-off; with, special\\characters and a title long enough to be folded across lines by the writer",
      description: "Line one\nLine two",
      scheduled_at: "2099-03-04T10:00:00.000Z",
      duration: 90,
      meeting_id: "lms-secret-room",
      provider: "jitsi",
    });
    await makeSession(t.db);
    const response = await fetchFeed(await feedUrlOf(w.learner.auth));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.body).toContain("\r\n");
    for (const line of response.body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(response.body).not.toContain("lms-secret-room");
    expect(response.body).not.toContain("meet.jit.si");

    const parsed = events(response.body);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({
      uid: session.ical_uid,
      sequence: 0,
      summary: session.title,
      location: "Online",
      start: "2099-03-04T10:00:00.000Z",
      end: "2099-03-04T11:30:00.000Z",
      utc: true,
      status: "CONFIRMED",
    });
    expect(parsed[0].description).toContain("Line one\nLine two");
    expect(parsed[0].description).toContain(`http://lms.test/courses/${w.course.id}`);
  });

  it("keeps one UID per event, raises SEQUENCE when the session moves, and marks a cancelled one", async () => {
    const w = await world();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: w.instructor.auth,
      payload: { courseId: w.course.id, title: "Moving target", scheduledAt: hoursFromNow(24) },
    });
    const id = created.json().data.session._id;
    const feedUrl = await feedUrlOf(w.learner.auth);
    const before = events((await fetchFeed(feedUrl)).body)[0];

    const newStart = hoursFromNow(48);
    await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${id}`,
      headers: w.instructor.auth,
      payload: { scheduledAt: newStart },
    });
    const moved = events((await fetchFeed(feedUrl)).body)[0];
    expect(moved.uid).toBe(before.uid);
    expect(moved.sequence).toBeGreaterThan(before.sequence);
    expect(moved.start).toBe(newStart);

    await t.app.inject({
      method: "PUT",
      url: `/api/sessions/${id}`,
      headers: w.instructor.auth,
      payload: { status: "cancelled" },
    });
    const cancelled = events((await fetchFeed(feedUrl)).body)[0];
    expect(cancelled.uid).toBe(before.uid);
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
    expect(cancelled.status).toBe("CANCELLED");
  });

  it("stops working when revoked or renewed", async () => {
    const w = await world();
    await makeSession(t.db, { course_id: w.course.id });
    const old = await feedUrlOf(w.learner.auth);
    const renewed = await t.app.inject({ method: "POST", url: "/api/calendar/feed", headers: w.learner.auth });
    expect(renewed.json().data.feedUrl).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.json().data.feedUrl)).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: "DELETE", url: "/api/calendar/feed", headers: w.learner.auth });
    expect(revoked.json().message).toBe(M.calendarFeedRevoked.text);
    const gone = await fetchFeed(renewed.json().data.feedUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.calendarFeedNotFound.text);
    // Reading after a revoke does not bring a link back.
    const after = await t.app.inject({ method: "GET", url: "/api/calendar/feed", headers: w.learner.auth });
    expect(after.json().data).toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/api/calendar/feed/not-a-token/sessions.ics" })).statusCode).toBe(
      404,
    );
  });

  it("stops for a suspended user", async () => {
    const w = await world();
    const feedUrl = await feedUrlOf(w.learner.auth);
    await t.db.updateTable("users").set({ status: "suspended" }).where("id", "=", w.learner.user.id).execute();
    expect((await fetchFeed(feedUrl)).statusCode).toBe(404);
  });
});

describe("single-event download", () => {
  it("offers one session as an .ics file to the people who may see it", async () => {
    const w = await world();
    const session = await makeSession(t.db, {
      course_id: w.course.id,
      location: "in-person",
      scheduled_at: hoursFromNow(5),
    });
    const outsider = await makeSignedInUser(t.app, t.db, "learner");
    const url = `/api/sessions/${session.id}/calendar.ics`;
    const response = await t.app.inject({ method: "GET", url, headers: w.learner.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="session-${session.id}.ics"`);
    const [event] = events(response.body);
    expect(event).toMatchObject({ uid: session.ical_uid, location: "In person", start: session.scheduled_at });
    expect((await t.app.inject({ method: "GET", url, headers: outsider.auth })).statusCode).toBe(403);
  });
});

describe("text that tries to break out of its property", () => {
  const INJECTION = "\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:evil";
  /** A CRLF in a TEXT value is written as `\n` and so reads back as a bare LF. */
  const readBack = (value: string) => value.replaceAll("\r\n", "\n");
  /** The document's lines with RFC 5545 folding undone. */
  const unfolded = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");

  async function injected() {
    const w = await world();
    await t.db
      .updateTable("courses")
      .set({ title: `Course${INJECTION}` })
      .where("id", "=", w.course.id)
      .execute();
    const session = await makeSession(t.db, {
      course_id: w.course.id,
      title: `Title${INJECTION}`,
      description: `Description${INJECTION}`,
    });
    return { ...w, session };
  }

  it("stays inside its property: one VEVENT per session in the feed and the download, read back as written", async () => {
    const w = await injected();
    const feed = (await fetchFeed(await feedUrlOf(w.learner.auth))).body;
    expect(unfolded(feed).filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(unfolded(feed).some((line) => line.startsWith("SUMMARY:evil"))).toBe(false);
    const [inFeed, ...extra] = events(feed);
    expect(extra).toHaveLength(0);
    expect(inFeed.summary).toBe(readBack(w.session.title));
    expect(inFeed.description).toContain(readBack(`Course: Course${INJECTION}`));
    expect(inFeed.description).toContain(readBack(`Description${INJECTION}`));

    const response = await t.app.inject({
      method: "GET",
      url: `/api/sessions/${w.session.id}/calendar.ics`,
      headers: w.learner.auth,
    });
    expect(response.statusCode).toBe(200);
    const lines = unfolded(response.body);
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(1);
    const escapedTitle = "Title\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:evil";
    expect(lines).toContain(`NAME:${escapedTitle}`);
    expect(lines).toContain(`X-WR-CALNAME:${escapedTitle}`);
    for (const line of response.body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const parsed = events(response.body);
    expect(parsed).toHaveLength(1);
    expect(parsed[0].summary).toBe(readBack(w.session.title));
  });
});
