import { deriveDisplayStatus, SESSION_TIME_SLOTS } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeRecording, makeSession, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000" } });
});
afterAll(() => t.close());

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe("shared session rules", () => {
  it("derives the displayed status as spec §4 says", () => {
    const now = new Date("2030-01-01T10:30:00Z");
    const at = (status: "scheduled" | "live" | "completed" | "cancelled", scheduledAt: string) =>
      deriveDisplayStatus({ status, scheduledAt, duration: 60 }, now);
    expect(at("scheduled", "2030-01-01T11:00:00Z")).toBe("upcoming");
    expect(at("scheduled", "2030-01-01T10:00:00Z")).toBe("live");
    expect(at("scheduled", "2030-01-01T09:30:00Z")).toBe("ended");
    expect(at("live", "2030-01-01T08:00:00Z")).toBe("live");
    expect(at("completed", "2030-01-01T11:00:00Z")).toBe("ended");
    expect(at("cancelled", "2030-01-01T11:00:00Z")).toBe("cancelled");
  });

  it("offers half-hour slots from 09:00 to 20:30", () => {
    expect(SESSION_TIME_SLOTS[0]).toBe("09:00");
    expect(SESSION_TIME_SLOTS.at(-1)).toBe("20:30");
    expect(SESSION_TIME_SLOTS).toHaveLength(24);
  });
});

describe("learner dashboard: learning activities", () => {
  it("shows up to 3 coming and 3 past sessions of the learner's courses with their status", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    await t.db.updateTable("users").set({ name: "Ivy Teacher" }).where("id", "=", instructor.user.id).execute();
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const ongoing = await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(-0.25), title: "Now" });
    const farFuture = await makeSession(t.db, {
      course_id: course.id,
      scheduled_at: "2099-01-01T04:30:00.000Z",
      timezone: "Asia/Kolkata",
      type: "office-hours",
      title: "Far future",
    });
    await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(30), title: "Later" });
    await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(40), title: "Much later" });
    const attended = await makeSession(t.db, {
      course_id: course.id,
      scheduled_at: hoursFromNow(-5),
      status: "completed",
    });
    const missed = await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(-10) });
    await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(-20), status: "completed" });
    await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(-30), status: "completed" });
    await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(3), status: "cancelled" });
    await makeSession(t.db, { scheduled_at: hoursFromNow(2) });
    const recording = await makeRecording(t.db, { session_id: attended.id });
    await t.db
      .insertInto("session_attendance")
      .values({
        id: "0123456789abcdef0123cafe",
        session_id: attended.id,
        user_id: learner.user.id,
        joined_at: hoursFromNow(-5),
        left_at: hoursFromNow(-4),
        present_since: null,
        seconds: 3600,
      })
      .execute();

    const response = await t.app.inject({ method: "GET", url: "/api/sessions/activities", headers: learner.auth });
    expect(response.statusCode).toBe(200);
    const { activities, attendance } = response.json().data;
    expect(activities.map((a: { title: string }) => a.title)).toEqual([
      "Now",
      "Later",
      "Much later",
      attended.title,
      missed.title,
      expect.any(String),
    ]);
    expect(activities[0]).toMatchObject({
      _id: ongoing.id,
      status: "ongoing",
      type: "live-class",
      instructor: "Ivy Teacher",
    });
    expect(activities[1].status).toBe("upcoming");
    expect(activities[3]).toMatchObject({ status: "completed", hasRecording: true, recordingId: recording.id });
    expect(activities[4]).toMatchObject({ status: "missed", hasRecording: false, recordingId: null });
    expect(attendance).toEqual({ attended: 1, total: 4, rate: 25 });

    const farOff = await t.app.inject({ method: "GET", url: "/api/sessions/activities", headers: learner.auth });
    expect(farOff.json().data.activities.find((a: { _id: string }) => a._id === farFuture.id)).toBeUndefined();
  });

  it("gives the date and time in the session's timezone", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    await makeSession(t.db, {
      course_id: course.id,
      scheduled_at: "2099-01-01T04:30:00.000Z",
      timezone: "Asia/Kolkata",
      type: "review",
    });
    const { activities } = (
      await t.app.inject({ method: "GET", url: "/api/sessions/activities", headers: learner.auth })
    ).json().data;
    expect(activities[0]).toMatchObject({
      date: "2099-01-01",
      time: "10:00",
      type: "live-class",
      sessionType: "review",
    });
  });

  it("is empty for a learner without courses", async () => {
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const response = await t.app.inject({ method: "GET", url: "/api/sessions/activities", headers: learner.auth });
    expect(response.json().data).toEqual({ activities: [], toDos: [], attendance: { attended: 0, total: 0, rate: 0 } });
  });
});

describe("instructor dashboard: upcoming sessions", () => {
  it("lists the first 5 scheduled sessions of the instructor's courses; admins see every course", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const mine = [];
    for (let i = 1; i <= 6; i++) {
      mine.push(await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(i) }));
    }
    await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(0.5), status: "cancelled" });
    await makeSession(t.db, { course_id: course.id, scheduled_at: hoursFromNow(-5) });
    const elsewhere = await makeSession(t.db, { scheduled_at: hoursFromNow(0.1) });

    const response = await t.app.inject({
      method: "GET",
      url: "/api/instructor/dashboard/sessions",
      headers: instructor.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.sessions.map((s: { _id: string }) => s._id)).toEqual(mine.slice(0, 5).map((s) => s.id));
    expect(response.json().data.total).toBe(6);

    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const all = await t.app.inject({ method: "GET", url: "/api/instructor/dashboard/sessions", headers: admin.auth });
    expect(all.json().data.sessions.map((s: { _id: string }) => s._id)).toContain(elsewhere.id);

    const learner = await makeSignedInUser(t.app, t.db, "learner");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/instructor/dashboard/sessions", headers: learner.auth }))
        .statusCode,
    ).toBe(403);
  });
});
