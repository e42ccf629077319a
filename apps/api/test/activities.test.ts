import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logActivity } from "../src/modules/activities/repo.js";
import { createActivityRetention } from "../src/modules/activities/retention.js";
import { makeActivity } from "./support/activities.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeSignedInUser, makeUser } from "./support/factories.js";

// A fixed clock: "time ago", the stats' default range and retention are judged by it.
const NOW = new Date("2026-03-15T12:00:00.000Z");

let t: TestContext;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;
let other: Awaited<ReturnType<typeof makeSignedInUser>>;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let course: Awaited<ReturnType<typeof makeCourse>>;

const get = (url: string, auth: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { ...auth, ...headers } });
const ids = (response: { json(): { data: { activities: { _id: string }[] } } }) =>
  response.json().data.activities.map((a) => a._id);

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  [learner, other, instructor, admin] = await Promise.all([
    makeSignedInUser(t.app, t.db, "learner"),
    makeSignedInUser(t.app, t.db, "learner"),
    makeSignedInUser(t.app, t.db, "instructor"),
    makeSignedInUser(t.app, t.db, "admin"),
  ]);
  course = await makeCourse(t.db, { title: "Graph Theory", course_code: "MATH-210" });
  // Sign-ins above wrote login entries "now" (real time); the entries below are on fixed days.
  await t.db.deleteFrom("activities").execute();
});
afterAll(() => t.close());

describe("GET /api/activities/my-activities", () => {
  let mine: { id: string }[];
  beforeAll(async () => {
    const u = learner.user;
    mine = [
      await makeActivity(t.db, { user: u, type: "login", title: "Signed in", createdAt: "2026-03-01T09:00:00.000Z" }),
      await makeActivity(t.db, {
        user: u,
        course,
        type: "course_view",
        title: "Viewed Graph Theory",
        createdAt: "2026-03-10T10:00:00.000Z",
      }),
      await makeActivity(t.db, {
        user: u,
        course,
        type: "lesson_view",
        title: "Viewed Euler paths",
        createdAt: "2026-03-14T11:30:00.000Z",
      }),
      await makeActivity(t.db, {
        user: u,
        type: "profile_update",
        title: "Updated profile",
        description: "Bio changed",
        createdAt: "2026-03-15T11:55:00.000Z",
      }),
    ];
    await makeActivity(t.db, {
      user: other.user,
      course,
      type: "course_view",
      title: "Viewed Graph Theory",
      createdAt: "2026-03-12T10:00:00.000Z",
    });
  });

  it("lists only the caller's entries, newest first, with the spec's fields", async () => {
    const response = await get("/api/activities/my-activities", learner.auth);
    expect(response.statusCode).toBe(200);
    const { activities, pagination } = response.json().data;
    expect(activities.map((a: { _id: string }) => a._id)).toEqual(mine.map((m) => m.id).reverse());
    expect(pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1, capped: false });
    expect(activities[1]).toMatchObject({
      type: "lesson_view",
      title: "Viewed Euler paths",
      user: { _id: learner.user.id, name: learner.user.name, email: learner.user.email, role: "learner" },
      course: { _id: course.id, title: "Graph Theory", courseCode: "MATH-210" },
      createdAt: "2026-03-14T11:30:00.000Z",
      formattedDate: "Mar 14, 2026",
      formattedTime: "11:30 AM",
      timeAgo: "1 day ago",
    });
    expect(activities[0].timeAgo).toBe("5 minutes ago");
  });

  it("filters by type, course, date range and search", async () => {
    const q = (query: string) => get(`/api/activities/my-activities?${query}`, learner.auth).then(ids);
    expect(await q("type=login")).toEqual([mine[0].id]);
    expect(await q(`courseId=${course.id}`)).toEqual([mine[2].id, mine[1].id]);
    expect(await q("startDate=2026-03-10&endDate=2026-03-14")).toEqual([mine[2].id, mine[1].id]);
    expect(await q("endDate=2026-03-01")).toEqual([mine[0].id]);
    expect(await q("search=euler")).toEqual([mine[2].id]);
    expect(await q("search=MATH-210")).toEqual([mine[2].id, mine[1].id]);
    expect(await q("search=bio%20CHANGED")).toEqual([mine[3].id]);
    expect(await q("search=100%25")).toEqual([]);
  });

  it("pages with limit and says how many pages", async () => {
    const response = await get("/api/activities/my-activities?limit=3&page=2", learner.auth);
    expect(ids(response)).toEqual([mine[0].id]);
    expect(response.json().data.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2, capped: false });
  });

  it("gives every filter's total as many as the entries it lists, exact from the rollups where they apply", async () => {
    const page = async (url: string, auth: Record<string, string>) => {
      const { activities, pagination } = (await get(url, auth)).json().data;
      return { listed: activities.length, total: pagination.total, capped: pagination.capped };
    };
    const filters = [
      "",
      "type=course_view",
      "startDate=2026-03-10",
      "endDate=2026-03-12",
      "startDate=2026-03-10&endDate=2026-03-14",
      "type=course_view&startDate=2026-03-11",
      `courseId=${course.id}`,
      "search=viewed",
    ];
    for (const filter of filters) {
      const mineListed = await page(`/api/activities/my-activities?limit=100&${filter}`, learner.auth);
      expect(mineListed, filter).toEqual({ listed: mineListed.total, total: mineListed.total, capped: false });
      for (const scope of ["", `userId=${other.user.id}&`, "role=learner&"]) {
        const all = await page(`/api/admin/activity-logs?limit=100&${scope}${filter}`, admin.auth);
        expect(all, `${scope}${filter}`).toEqual({ listed: all.total, total: all.total, capped: false });
      }
    }
    expect((await page("/api/admin/activity-logs?type=course_view", admin.auth)).total).toBe(2);
    expect((await page("/api/activities/my-activities?startDate=2026-03-16", learner.auth)).total).toBe(0);
  });

  it("refuses bad filters with 400", async () => {
    for (const query of [
      "limit=101",
      "limit=0",
      "page=0",
      "type=nap",
      "courseId=nope",
      "startDate=2026-13-01",
      "startDate=yesterday",
      "startDate=2026-03-10&endDate=2026-03-01",
    ]) {
      const response = await get(`/api/activities/my-activities?${query}`, learner.auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it("gives an admin their own entries only (everyone's are in the admin log)", async () => {
    const response = await get("/api/activities/my-activities", admin.auth);
    expect(response.json().data.activities).toEqual([]);
  });

  it("keeps the snapshot after the user and the course are renamed or deleted", async () => {
    const gone = await makeUser(t.db, { name: "Old Name" });
    const doomed = await makeCourse(t.db, { title: "Old Course", course_code: "OLD-1" });
    await logActivity(t.db, { userId: gone.id, type: "course_view", title: "Viewed", courseId: doomed.id });
    await t.db.updateTable("users").set({ name: "New Name" }).where("id", "=", gone.id).execute();
    await t.db.updateTable("courses").set({ title: "New Course" }).where("id", "=", doomed.id).execute();
    const response = await get(`/api/admin/activity-logs?userId=${gone.id}`, admin.auth);
    expect(response.json().data.activities[0]).toMatchObject({
      user: { name: "Old Name", role: "learner", email: gone.email },
      course: { title: "Old Course", courseCode: "OLD-1" },
    });
  });
});

describe("GET /api/admin/activity-logs", () => {
  it("gives admins everyone's entries, filtered by user and role", async () => {
    const all = await get("/api/admin/activity-logs?limit=100", admin.auth);
    expect(all.statusCode).toBe(200);
    const users = new Set(all.json().data.activities.map((a: { user: { _id: string } | null }) => a.user?._id));
    expect(users).toContain(learner.user.id);
    expect(users).toContain(other.user.id);

    const byUser = await get(`/api/admin/activity-logs?userId=${other.user.id}`, admin.auth);
    expect(byUser.json().data.activities.map((a: { user: { _id: string } }) => a.user._id)).toEqual([other.user.id]);

    await makeActivity(t.db, {
      user: instructor.user,
      course,
      type: "instructor_action",
      title: "Edited the course",
      createdAt: "2026-03-13T08:00:00.000Z",
    });
    const byRole = await get("/api/admin/activity-logs?role=instructor", admin.auth);
    expect(byRole.json().data.activities.map((a: { type: string }) => a.type)).toEqual(["instructor_action"]);
    const byType = await get(`/api/admin/activity-logs?type=course_view&courseId=${course.id}`, admin.auth);
    expect(byType.json().data.pagination.total).toBe(2);
  });

  it("refuses learners and instructors", async () => {
    expect((await get("/api/admin/activity-logs", learner.auth)).statusCode).toBe(403);
    expect((await get("/api/admin/activity-logs", instructor.auth)).statusCode).toBe(403);
  });
});

describe("GET /api/activities/types", () => {
  it("lists every type of spec §3 and the security events (issue 20) with label and icon", async () => {
    const { types } = (await get("/api/activities/types", learner.auth)).json().data;
    // Spec §3's twenty, then password_changed, email_changed, two_factor_enabled/disabled,
    // recovery_code_used and signed_out_everywhere; credits_granted and credits_received (issue 21).
    expect(types).toHaveLength(28);
    expect(types[0]).toEqual({ value: "login", label: "Login", icon: "log-in" });
    for (const type of types) expect(type.label && type.icon).toBeTruthy();
  });
});

describe("GET /api/activities/export", () => {
  it("refuses learners and instructors (the Export button is for admins)", async () => {
    expect((await get("/api/activities/export", learner.auth)).statusCode).toBe(403);
    expect((await get("/api/activities/export?format=csv", instructor.auth)).statusCode).toBe(403);
  });

  it("streams a CSV that parses back to the filtered entries", async () => {
    const response = await get(`/api/activities/export?userId=${learner.user.id}`, admin.auth, { accept: "text/csv" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="activities-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows: string[][] = parse(response.body);
    expect(rows[0]).toEqual(["Date", "Type", "Title", "Description", "User", "Email", "Role", "Course code", "Course"]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["profile_update", "lesson_view", "course_view", "login"]);
    expect(rows[2]).toEqual([
      "2026-03-14T11:30:00.000Z",
      "lesson_view",
      "Viewed Euler paths",
      "",
      learner.user.name,
      learner.user.email,
      "learner",
      "MATH-210",
      "Graph Theory",
    ]);
  });

  it("defuses spreadsheet formulas and pages past one batch", async () => {
    const hacker = await makeUser(t.db, { name: "=HYPERLINK(1)" });
    for (let i = 0; i < 1005; i++) {
      await makeActivity(t.db, {
        user: hacker,
        type: "course_view",
        title: `View ${i}`,
        createdAt: `2026-02-01T00:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000Z`,
      });
    }
    const response = await get(`/api/activities/export?userId=${hacker.id}&format=csv`, admin.auth);
    const rows: string[][] = parse(response.body);
    expect(rows).toHaveLength(1006);
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(1005);
    expect(rows[1][4]).toBe("'=HYPERLINK(1)");
  });

  it("answers JSON data.activities by default, with the same filters", async () => {
    const response = await get(`/api/activities/export?userId=${learner.user.id}&type=login`, admin.auth);
    expect(response.headers["content-type"]).toContain("application/json");
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.activities).toHaveLength(1);
    expect(body.data.activities[0]).toMatchObject({ type: "login", formattedDate: "Mar 1, 2026" });
  });
});

describe("GET /api/activities/stats", () => {
  it("counts one's own entries by type and by day from the rollups", async () => {
    const response = await get("/api/activities/stats?startDate=2026-03-10&endDate=2026-03-15", learner.auth);
    expect(response.statusCode).toBe(200);
    const stats = response.json().data;
    expect(stats.total).toBe(3);
    expect(stats.byType).toEqual(
      expect.arrayContaining([
        { type: "course_view", count: 1 },
        { type: "lesson_view", count: 1 },
        { type: "profile_update", count: 1 },
      ]),
    );
    expect(stats.byDay).toHaveLength(6);
    expect(stats.byDay.find((d: { date: string }) => d.date === "2026-03-14")).toEqual({
      date: "2026-03-14",
      count: 1,
    });
  });

  it("defaults to the last 30 days of the clock and counts everyone's for admins", async () => {
    const mineStats = (await get("/api/activities/stats", learner.auth)).json().data;
    expect([mineStats.startDate, mineStats.endDate]).toEqual(["2026-02-14", "2026-03-15"]);
    expect(mineStats.total).toBe(4);
    const allStats = (await get("/api/activities/stats?startDate=2026-03-12&endDate=2026-03-12", admin.auth)).json()
      .data;
    expect(allStats.byType).toEqual([{ type: "course_view", count: 1 }]);
    const oneUser = (await get(`/api/activities/stats?userId=${learner.user.id}`, admin.auth)).json().data;
    expect(oneUser.total).toBe(4);
  });

  it("follows deletions and refuses another user's stats and too long ranges", async () => {
    expect((await get(`/api/activities/stats?userId=${other.user.id}`, learner.auth)).statusCode).toBe(403);
    expect((await get("/api/activities/stats?startDate=2020-01-01&endDate=2026-01-01", learner.auth)).statusCode).toBe(
      400,
    );
    const entry = await makeActivity(t.db, {
      user: other.user,
      type: "course_view",
      createdAt: "2026-03-11T10:00:00.000Z",
    });
    const day = "startDate=2026-03-11&endDate=2026-03-11";
    expect((await get(`/api/activities/stats?${day}`, other.auth)).json().data.total).toBe(1);
    await t.app.inject({ method: "DELETE", url: `/api/activities/${entry.id}`, headers: other.auth });
    expect((await get(`/api/activities/stats?${day}`, other.auth)).json().data.total).toBe(0);
  });
});

describe("DELETE /api/activities/{id}", () => {
  const del = (id: string, auth: Record<string, string>) =>
    t.app.inject({ method: "DELETE", url: `/api/activities/${id}`, headers: auth });
  const exists = async (id: string) =>
    Boolean(await t.db.selectFrom("activities").select("id").where("id", "=", id).executeTakeFirst());

  it("lets a user delete their own entry, not the audit trail, and not someone else's", async () => {
    const own = await makeActivity(t.db, {
      user: learner.user,
      type: "course_view",
      createdAt: "2026-03-02T00:00:00.000Z",
    });
    const login = await makeActivity(t.db, {
      user: learner.user,
      type: "login",
      createdAt: "2026-03-02T00:00:00.000Z",
    });
    const theirs = await makeActivity(t.db, {
      user: other.user,
      type: "course_view",
      createdAt: "2026-03-02T00:00:00.000Z",
    });
    expect((await del(theirs.id, learner.auth)).statusCode).toBe(404);
    expect((await del(login.id, learner.auth)).statusCode).toBe(403);
    const response = await del(own.id, learner.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: "Activity deleted" });
    expect([await exists(own.id), await exists(login.id), await exists(theirs.id)]).toEqual([false, true, true]);
    expect((await del(own.id, learner.auth)).statusCode).toBe(404);
    expect((await del("nothex", learner.auth)).statusCode).toBe(400);
  });

  it("keeps an instructor's management entries", async () => {
    const action = await makeActivity(t.db, {
      user: instructor.user,
      type: "instructor_action",
      createdAt: "2026-03-02T00:00:00.000Z",
    });
    expect((await del(action.id, instructor.auth)).statusCode).toBe(403);
  });

  it("lets an admin delete anyone's entry but admin actions, and logs the delete as an admin_action", async () => {
    const entry = await makeActivity(t.db, {
      user: other.user,
      type: "login",
      title: "Signed in",
      createdAt: "2026-03-03T00:00:00.000Z",
    });
    expect((await del(entry.id, admin.auth)).statusCode).toBe(200);
    expect(await exists(entry.id)).toBe(false);
    const logged = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("user_id", "=", admin.user.id)
      .where("type", "=", "admin_action")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.metadata ?? "{}")).toMatchObject({
      action: "activity_delete",
      activityId: entry.id,
      userId: other.user.id,
      type: "login",
    });
    expect((await del(logged.id, admin.auth)).statusCode).toBe(403);
  });
});

describe("retention", () => {
  it("prunes entries older than N days in batches and keeps the rest", async () => {
    const person = await makeUser(t.db);
    const old = [];
    for (let i = 0; i < 7; i++) {
      old.push(
        await makeActivity(t.db, { user: person, type: "course_view", createdAt: `2025-12-0${i + 1}T00:00:00.000Z` }),
      );
    }
    const recent = await makeActivity(t.db, {
      user: person,
      type: "course_view",
      createdAt: "2026-03-01T00:00:00.000Z",
    });
    const retention = createActivityRetention({
      db: t.db,
      days: 60,
      now: () => NOW,
      log: t.app.log,
      batchSize: 3,
      pauseMs: 0,
    });
    expect(await retention.runOnce()).toBeGreaterThanOrEqual(7);
    const left = await t.db.selectFrom("activities").select("id").where("user_id", "=", person.id).execute();
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    const rollups = await t.db.selectFrom("activity_daily").selectAll().where("scope", "=", person.id).execute();
    expect(rollups.map((r) => [r.day, Number(r.count)])).toEqual([["2026-03-01", 1]]);
    const keepAll = createActivityRetention({ db: t.db, days: 0, now: () => NOW, log: t.app.log });
    expect(await keepAll.runOnce()).toBe(0);
  });
});
