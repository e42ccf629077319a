import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountPlatformTotals } from "../src/modules/platform/counters.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCourse,
  makeEnrollment,
  makeLessonFile,
  makeMaterial,
  makeRecording,
  makeSession,
  makeSignedInUser,
  makeUser,
} from "./support/factories.js";

const NOW = new Date("2026-06-15T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600_000).toISOString();

let t: TestContext;
type SignedIn = Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => NOW });
});
afterAll(() => t.close());

const getStats = (headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: "GET", url: "/api/admin/stats", headers });

describe("GET /api/admin/stats", () => {
  it("answers an empty platform's numbers with 0 growth", async () => {
    admin = await makeSignedInUser(t.app, t.db, "admin");
    await t.db
      .updateTable("users")
      .set({ created_at: daysAgo(400) })
      .execute();
    // A fresh health report, which the stats then reuse (test/admin-health.test.ts checks the formula).
    const health = await t.app.inject({ method: "GET", url: "/api/admin/health", headers: admin.auth });
    const response = await getStats();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      totalUsers: 1,
      totalCourses: 0,
      totalEnrollments: 0,
      activeSessions: 0,
      totalStorage: 0,
      totalStorageBytes: 0,
      monthlyGrowth: { users: 0, courses: 0, enrollments: 0 },
    });
    expect(response.json().data.systemHealth).toBe(health.json().data.score);
  });

  it("counts users, courses, enrollments, live sessions and stored bytes; growth compares the last 30 days with the 30 before", async () => {
    const teacher = await makeUser(t.db, { role: "instructor", created_at: daysAgo(45) });
    // Users: 1 admin (old), teacher (previous window), 2 learners previous window, 3 this window -> 7.
    for (const days of [40, 50]) await makeUser(t.db, { created_at: daysAgo(days) });
    const recent = [];
    for (const days of [1, 5, 29]) recent.push(await makeUser(t.db, { created_at: daysAgo(days) }));
    // Courses: 2 in the previous window, 1 this window (a draft counts too).
    const older = await makeCourse(t.db, { instructor_id: teacher.id, created_at: daysAgo(35) });
    await makeCourse(t.db, { instructor_id: teacher.id, created_at: daysAgo(59) });
    await makeCourse(t.db, { instructor_id: teacher.id, created_at: daysAgo(3), published: 0 });
    // Enrollments: 1 long ago, 0 previous window, 3 this window.
    await makeEnrollment(t.db, { course_id: older.id, user_id: recent[0]?.id, enrolled_at: daysAgo(90) });
    for (const learner of recent) {
      if (learner !== recent[0])
        await makeEnrollment(t.db, { course_id: older.id, user_id: learner.id, enrolled_at: daysAgo(2) });
    }
    await makeEnrollment(t.db, { course_id: older.id, user_id: teacher.id, enrolled_at: daysAgo(1) });
    // Sessions: one live, one scheduled.
    await makeSession(t.db, { course_id: older.id, status: "live" });
    await makeSession(t.db, { course_id: older.id, status: "scheduled" });
    // Storage: 1000 (file) + 2000 (uploaded material) + 3000 (stored recording); links and provider recordings add nothing.
    await makeLessonFile(t.db, { course_id: older.id, size: 1000 });
    await makeMaterial(t.db, {
      course_id: older.id,
      storage_key: "materials/x",
      type: "document",
      url: null,
      size: 2000,
    });
    await makeMaterial(t.db, { course_id: older.id });
    const sessionId = (await makeSession(t.db, { course_id: older.id, status: "completed" })).id;
    await makeRecording(t.db, { session_id: sessionId, storage_key: "recordings/x", size: 3000 });
    await makeRecording(t.db, { session_id: sessionId, size: 999_999 });

    const response = await getStats();
    expect(response.statusCode).toBe(200);
    const stats = response.json().data;
    expect(stats.totalUsers).toBe(7);
    expect(stats.totalCourses).toBe(3);
    expect(stats.totalEnrollments).toBe(4);
    expect(stats.activeSessions).toBe(1);
    expect(stats.totalStorageBytes).toBe(6000);
    expect(stats.totalStorage).toBe(0);
    // Users 3 vs 3, courses 1 vs 2, enrollments 3 vs 0.
    expect(stats.monthlyGrowth).toEqual({ users: 0, courses: -50, enrollments: 100 });
  });

  it("gives exact month-over-month percentages", async () => {
    const fresh = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => NOW });
    try {
      const boss = await makeSignedInUser(fresh.app, fresh.db, "admin");
      await fresh.db
        .updateTable("users")
        .set({ created_at: daysAgo(200) })
        .execute();
      // Users: 4 last month, 5 this month -> +25%. Courses: 2 last month, 1 this month -> -50%.
      for (const days of [31, 40, 50, 59]) await makeUser(fresh.db, { created_at: daysAgo(days) });
      for (const days of [0, 1, 2, 10, 29]) await makeUser(fresh.db, { created_at: daysAgo(days) });
      const teacher = await makeUser(fresh.db, { role: "instructor", created_at: daysAgo(300) });
      for (const days of [33, 44, 5])
        await makeCourse(fresh.db, { instructor_id: teacher.id, created_at: daysAgo(days) });
      const response = await fresh.app.inject({ method: "GET", url: "/api/admin/stats", headers: boss.auth });
      expect(response.json().data.monthlyGrowth).toEqual({ users: 25, courses: -50, enrollments: 0 });
      expect(response.json().data.totalUsers).toBe(11);
    } finally {
      await fresh.close();
    }
  });

  it("refuses learners and instructors (403) and signed-out callers (401)", async () => {
    for (const role of ["learner", "instructor"] as const) {
      const someone = await makeSignedInUser(t.app, t.db, role);
      expect((await getStats(someone.auth)).statusCode).toBe(403);
    }
    expect((await getStats({})).statusCode).toBe(401);
  });
});

describe("the totals kept by triggers (migration 029)", () => {
  it("follow inserts and deletes by any code path, in bulk too", async () => {
    const totals = async () => (await getStats()).json().data;
    const before = await totals();
    const course = await makeCourse(t.db);
    const learners = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
    // The course's instructor was made too.
    let after = await totals();
    expect(after.totalUsers).toBe(before.totalUsers + 4);
    expect(after.totalCourses).toBe(before.totalCourses + 1);
    for (const learner of learners) await makeEnrollment(t.db, { user_id: learner.id, course_id: course.id });
    expect((await totals()).totalEnrollments).toBe(before.totalEnrollments + 3);

    await t.db.deleteFrom("enrollments").where("course_id", "=", course.id).execute();
    await t.db
      .deleteFrom("users")
      .where(
        "id",
        "in",
        learners.map((learner) => learner.id),
      )
      .execute();
    after = await totals();
    expect(after.totalEnrollments).toBe(before.totalEnrollments);
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    const counted = await t.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.totalUsers).toBe(Number(counted.n));
  });
});

describe("recountPlatformTotals", () => {
  it("puts the totals back to the tables' sizes after a write that bypassed the triggers", async () => {
    await t.db.updateTable("platform_counters").set({ value: 999_999 }).execute();
    await recountPlatformTotals(t.db);
    const data = (await getStats()).json().data;
    const count = async (table: "users" | "courses" | "enrollments") =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(data.totalUsers).toBe(await count("users"));
    expect(data.totalCourses).toBe(await count("courses"));
    expect(data.totalEnrollments).toBe(await count("enrollments"));
  });
});
