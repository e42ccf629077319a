import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countInRollups } from "../src/modules/platform/rollups.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeSignedInUser, makeUser } from "./support/factories.js";

type SignedIn = Awaited<ReturnType<typeof makeSignedInUser>>;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe("GET /api/admin/analytics: buckets of each timeframe, fixed clock", () => {
  // Wednesday 2026-06-17 at 14:30 UTC.
  const NOW = new Date("2026-06-17T14:30:00.000Z");
  const at = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  let t: TestContext;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    admin = await makeSignedInUser(t.app, t.db, "admin");
    // Counted straight into the rollups at chosen times (actions stamp the real time; see below).
    await countInRollups(t.db, "users", [
      { at: at(10 * 60_000) }, // 14:20 today
      { at: at(10 * 60_000) },
      { at: at(5 * HOUR) }, // 09:30 today
      { at: at(23 * HOUR) }, // yesterday 15:30: inside the last 24 hours
      { at: at(25 * HOUR) }, // yesterday 13:30: outside them
      { at: at(6 * DAY) }, // 2026-06-11: the week's first day
      { at: at(7 * DAY) }, // 2026-06-10: outside the week, inside the month
      { at: at(40 * DAY) }, // 2026-05-08: outside the month, inside the year
      { at: "2025-07-01T00:00:00.000Z" }, // the year's first month
      { at: "2025-06-30T23:59:59.000Z" }, // just before it
    ]);
    await countInRollups(t.db, "enrollments", [{ at: at(HOUR) }, { at: at(2 * DAY) }]);
    await countInRollups(t.db, "credits_spent", [
      { at: at(HOUR), amount: 30 },
      { at: at(HOUR), amount: 12 },
      { at: at(100 * DAY), amount: 5 },
    ]);
  });
  afterAll(() => t.close());

  const analytics = async (timeframe?: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/analytics${timeframe ? `?timeframe=${timeframe}` : ""}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const nonZero = (series: { start: string; value: number }[]) =>
    Object.fromEntries(series.filter((p) => p.value !== 0).map((p) => [p.start, p.value]));

  it("day: the last 24 hours by hour, the current hour last", async () => {
    const data = await analytics("day");
    expect(data.timeframe).toBe("day");
    expect(data.userGrowth.series).toHaveLength(24);
    expect(data.userGrowth.series[0].start).toBe("2026-06-16T15:00:00.000Z");
    expect(data.userGrowth.series[23].start).toBe("2026-06-17T14:00:00.000Z");
    expect(nonZero(data.userGrowth.series)).toEqual({
      "2026-06-16T15:00:00.000Z": 1,
      "2026-06-17T09:00:00.000Z": 1,
      "2026-06-17T14:00:00.000Z": 2,
    });
    expect(data.userGrowth.total).toBe(4);
    expect(nonZero(data.courseEnrollments.series)).toEqual({ "2026-06-17T13:00:00.000Z": 1 });
    expect(data.revenueData.total).toBe(42);
  });

  it("week: the last 7 days by day, today included", async () => {
    const data = await analytics("week");
    expect(data.userGrowth.series.map((p: { start: string }) => p.start.slice(0, 10))).toEqual([
      "2026-06-11",
      "2026-06-12",
      "2026-06-13",
      "2026-06-14",
      "2026-06-15",
      "2026-06-16",
      "2026-06-17",
    ]);
    expect(nonZero(data.userGrowth.series)).toEqual({
      "2026-06-11T00:00:00.000Z": 1,
      "2026-06-16T00:00:00.000Z": 2,
      "2026-06-17T00:00:00.000Z": 3,
    });
    expect(data.courseEnrollments.total).toBe(2);
    expect(data.revenueData.total).toBe(42);
  });

  it("month (the default): the last 30 days by day", async () => {
    const data = await analytics();
    expect(data.timeframe).toBe("month");
    expect(data.userGrowth.series).toHaveLength(30);
    expect(data.from).toBe("2026-05-19T00:00:00.000Z");
    expect(data.userGrowth.total).toBe(7);
  });

  it("year: the last 12 months by month, from the daily rollups", async () => {
    const data = await analytics("year");
    expect(data.userGrowth.series).toHaveLength(12);
    expect(data.userGrowth.series[0].start).toBe("2025-07-01T00:00:00.000Z");
    expect(data.userGrowth.series[11].start).toBe("2026-06-01T00:00:00.000Z");
    expect(nonZero(data.userGrowth.series)).toEqual({
      "2025-07-01T00:00:00.000Z": 1,
      "2026-05-01T00:00:00.000Z": 1,
      "2026-06-01T00:00:00.000Z": 7,
    });
    expect(nonZero(data.revenueData.series)).toEqual({
      "2026-03-01T00:00:00.000Z": 5,
      "2026-06-01T00:00:00.000Z": 42,
    });
  });

  it("reports the server's own requests and the database size", async () => {
    const data = await analytics("day");
    const performance = data.systemPerformance;
    expect(performance.requests).toBeGreaterThanOrEqual(5);
    expect(performance.errors).toBe(0);
    expect(performance.errorRate).toBe(0);
    expect(performance.p95LatencyMs).toBeGreaterThan(0);
    expect(performance.measuredSince).toBe("2026-06-17T14:30:00.000Z");
    expect(performance.series).toHaveLength(24);
    expect(performance.series[23].requests).toBe(performance.requests);
    expect(performance.databaseSizeBytes).toBeGreaterThan(10_000);
  });

  it("refuses an unknown timeframe with 400", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/analytics?timeframe=decade",
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("rollups move in the same transaction as the counted action", () => {
  let t: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
    admin = await makeSignedInUser(t.app, t.db, "admin");
  });
  afterAll(() => t.close());

  const totals = async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/analytics?timeframe=day",
      headers: admin.auth,
    });
    const data = response.json().data;
    return { users: data.userGrowth.total, enrollments: data.courseEnrollments.total, credits: data.revenueData.total };
  };

  it("counts a registration and an account an admin creates", async () => {
    const before = await totals();
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "New Learner", email: "rollup.learner@example.test", password: "Secret123" },
    });
    expect(registered.statusCode).toBe(201);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/users",
      headers: admin.auth,
      payload: {
        name: "Made By Admin",
        email: "made.by.admin@example.test",
        password: "Str0ng!Pass",
        role: "learner",
        status: "active",
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await totals()).toEqual({ ...before, users: before.users + 2 });
  });

  it("counts a paid self-enrollment and its credits, and an admin's batch enrollment", async () => {
    const course = await makeCourse(t.db, { price_credits: 25 });
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    await t.db.updateTable("users").set({ credits: 100 }).where("id", "=", learner.user.id).execute();
    const before = await totals();
    const enrolled = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/enroll`,
      headers: learner.auth,
    });
    expect(enrolled.statusCode).toBe(201);
    expect(await totals()).toEqual({ ...before, enrollments: before.enrollments + 1, credits: before.credits + 25 });

    const others = [await makeUser(t.db), await makeUser(t.db)];
    const added = await t.app.inject({
      method: "POST",
      url: `/api/admin/courses/${course.id}/enrollments`,
      headers: admin.auth,
      payload: { userIds: others.map((u) => u.id) },
    });
    expect(added.statusCode).toBeLessThan(300);
    expect(await totals()).toEqual({ ...before, enrollments: before.enrollments + 3, credits: before.credits + 25 });
  });

  it("counts nothing for a refused enrollment (not enough credits)", async () => {
    const course = await makeCourse(t.db, { price_credits: 500 });
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const before = await totals();
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/enroll`,
      headers: learner.auth,
    });
    expect(refused.statusCode).toBe(400);
    expect(await totals()).toEqual(before);
  });
});

describe("GET /api/admin/activity/recent", () => {
  let t: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await makeSignedInUser(t.app, t.db, "admin");
  });
  afterAll(() => t.close());

  it("lists the newest entries first with their user and course, a deleted user by the name kept", async () => {
    const course = await makeCourse(t.db, { title: "Algebra", course_code: "ALG-1" });
    const learner = await makeUser(t.db, { name: "Ada Learner", role: "learner" });
    const rows = [
      {
        id: "a00000000000000000000001",
        user_id: learner.id,
        user_name: null,
        course_id: course.id,
        title: "Enrolled in Algebra",
        type: "course_enrollment",
        created_at: "2030-01-01T10:00:00.000Z",
      },
      {
        id: "a00000000000000000000002",
        user_id: null,
        user_name: "Gone Person",
        course_id: null,
        title: "Signed in",
        type: "login",
        created_at: "2030-01-01T11:00:00.000Z",
      },
      {
        id: "a00000000000000000000003",
        user_id: learner.id,
        user_name: null,
        course_id: null,
        title: "Older",
        type: "login",
        created_at: "2029-12-31T10:00:00.000Z",
      },
    ];
    await t.db
      .insertInto("activities")
      .values(rows.map((r) => ({ ...r, description: null, metadata: null, ip: null })))
      .execute();
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/activity/recent?limit=2",
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    const { activities } = response.json().data;
    expect(activities).toHaveLength(2);
    expect(activities[0]).toMatchObject({
      _id: "a00000000000000000000002",
      type: "login",
      user: { _id: null, name: "Gone Person", email: null },
      course: null,
    });
    expect(activities[1]).toMatchObject({
      title: "Enrolled in Algebra",
      user: { _id: learner.id, name: "Ada Learner", email: learner.email, role: "learner" },
      course: { _id: course.id, title: "Algebra", courseCode: "ALG-1" },
      createdAt: "2030-01-01T10:00:00.000Z",
    });
  });

  it("bounds the limit (1 to 50)", async () => {
    for (const limit of [0, 51, "x"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/activity/recent?limit=${limit}`,
        headers: admin.auth,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
