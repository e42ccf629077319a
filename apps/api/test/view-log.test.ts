import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeEnrollment } from "./support/factories.js";

// course_view entries wait in memory and are written once a second in one insert (and on shutdown).
const VIEWED_AT = new Date("2026-03-02T09:30:00.000Z");

// This app's once-a-second timer is a fake one that never fires, so only `flush()` writes: what a
// test sees before it shows the entries wait. The last tests build their own apps on real timers.
let t: TestContext;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  try {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => VIEWED_AT });
  } finally {
    vi.useRealTimers();
  }
});
afterAll(() => t.close());

const views = (ctx: TestContext, userId: string) =>
  ctx.db.selectFrom("activities").selectAll().where("user_id", "=", userId).where("type", "=", "course_view").execute();
const openDetail = async (ctx: TestContext, courseId: string, auth: Record<string, string>) => {
  const response = await ctx.app.inject({ method: "GET", url: `/api/courses/${courseId}/detail`, headers: auth });
  expect(response.statusCode).toBe(200);
};

describe("view entries", () => {
  it("are written by the flush, with the view's time and the user's and course's snapshot", async () => {
    const course = await makeCourse(t.db, { title: "Acoustics", course_code: "PHY-202" });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    await openDetail(t, course.id, learner.auth);
    await openDetail(t, course.id, learner.auth);
    await openDetail(t, course.id, learner.auth);
    expect(await views(t, learner.user.id)).toEqual([]);

    await t.app.viewLog.flush();
    const written = await views(t, learner.user.id);
    expect(written).toHaveLength(3);
    expect(new Set(written.map((w) => w.id)).size).toBe(3);
    for (const entry of written) {
      expect(entry).toMatchObject({
        title: "Viewed the course",
        course_id: course.id,
        course_title: "Acoustics",
        course_code: "PHY-202",
        user_name: learner.user.name,
        user_email: learner.user.email,
        user_role: "learner",
        created_at: VIEWED_AT.toISOString(),
      });
    }
  });

  it("are written within about a second without anyone asking", async () => {
    const own = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
    try {
      const course = await makeCourse(own.db);
      const learner = await makeEnrolledLearner(own.app, own.db, course.id);
      await openDetail(own, course.id, learner.auth);
      await expect
        .poll(async () => (await views(own, learner.user.id)).length, { timeout: 3000, interval: 50 })
        .toBe(1);
    } finally {
      await own.close();
    }
  });

  it("keep the others of a batch when a course goes before the flush, without its reference", async () => {
    const kept = await makeCourse(t.db, { title: "Kept" });
    const doomed = await makeCourse(t.db, { title: "Doomed" });
    const learner = await makeEnrolledLearner(t.app, t.db, kept.id);
    await makeEnrollment(t.db, { course_id: doomed.id, user_id: learner.user.id });
    await openDetail(t, kept.id, learner.auth);
    await openDetail(t, doomed.id, learner.auth);
    await t.db.deleteFrom("courses").where("id", "=", doomed.id).execute();

    await t.app.viewLog.flush();
    const written = await views(t, learner.user.id);
    expect(written.map((w) => w.course_id).sort()).toEqual([kept.id, null].sort());
  });

  it("waiting at shutdown are written before the app closes", async () => {
    const own = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
    try {
      const course = await makeCourse(own.db);
      const learner = await makeEnrolledLearner(own.app, own.db, course.id);
      await openDetail(own, course.id, learner.auth);
      await own.app.close();
      expect(await views(own, learner.user.id)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
