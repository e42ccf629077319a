import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCategory, makeCourse, makeUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() };
};

describe("GET /api/courses (public catalogue)", () => {
  it("lists only published courses, most enrolled first, with category, instructor and stats", async () => {
    const category = await makeCategory(t.db, "Catalogue Cat");
    const teacher = await makeUser(t.db, { role: "instructor", name: "Tara Teacher" });
    const popular = await makeCourse(t.db, {
      category_id: category.id,
      instructor_id: teacher.id,
      title: "Popular",
      enrollment_count: 50,
      completion_count: 10,
      rating_count: 4,
      rating_sum: 18,
    });
    const quiet = await makeCourse(t.db, { category_id: category.id, title: "Quiet", enrollment_count: 2 });
    await makeCourse(t.db, { category_id: category.id, title: "Draft", published: 0, enrollment_count: 999 });

    const { status, body } = await get(`/api/courses?category=${category.id}`);
    expect(status).toBe(200);
    expect(body.data.courses.map((c: { title: string }) => c.title)).toEqual(["Popular", "Quiet"]);
    expect(body.data.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1, capped: false });
    expect(body.data.courses[0]).toMatchObject({
      _id: popular.id,
      categoryId: { _id: category.id, name: "Catalogue Cat" },
      category: "Catalogue Cat",
      instructorId: { _id: teacher.id, name: "Tara Teacher" },
      instructor: "Tara Teacher",
      published: true,
      stats: { enrollments: 50, completions: 10, averageRating: 4.5, totalRatings: 4 },
    });
    expect(body.data.courses[1]._id).toBe(quiet.id);
  });

  it("searches titles and codes case-insensitively, treating % and _ literally", async () => {
    await makeCourse(t.db, { title: "Rust for Beginners", course_code: "RS-100" });
    await makeCourse(t.db, { title: "100% Growth", course_code: "GR-1" });
    expect((await get("/api/courses?search=rUsT")).body.data.courses.map((c: { title: string }) => c.title)).toEqual([
      "Rust for Beginners",
    ]);
    expect((await get("/api/courses?search=rs-100")).body.data.courses).toHaveLength(1);
    expect((await get("/api/courses?search=%25")).body.data.courses.map((c: { title: string }) => c.title)).toEqual([
      "100% Growth",
    ]);
  });

  it("paginates with a bounded limit", async () => {
    const category = await makeCategory(t.db);
    for (let i = 0; i < 3; i++) await makeCourse(t.db, { category_id: category.id });
    const page2 = await get(`/api/courses?category=${category.id}&limit=2&page=2`);
    expect(page2.body.data.courses).toHaveLength(1);
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2, capped: false });
    expect((await get("/api/courses?limit=1000")).status).toBe(400);
    expect((await get("/api/courses?page=0")).status).toBe(400);
    expect((await get("/api/courses?category=not-an-id")).status).toBe(400);
    expect((await get("/api/courses?sort=random")).status).toBe(400);
  });
});

describe("GET /api/categories and GET /api/stats/public", () => {
  it("lists categories with their published course counts", async () => {
    const category = await makeCategory(t.db, "Counted");
    await makeCourse(t.db, { category_id: category.id });
    await makeCourse(t.db, { category_id: category.id, published: 0 });
    const { body } = await get("/api/categories");
    expect(body.data.categories).toContainEqual({ _id: category.id, name: "Counted", courseCount: 1 });
  });

  it("computes the hero statistics from the database", async () => {
    const before = (await get("/api/stats/public")).body.data;
    await makeUser(t.db, { role: "learner" });
    await makeUser(t.db, { role: "learner", status: "suspended" });
    await makeCourse(t.db, { enrollment_count: 10, completion_count: 10 });
    const after = (await get("/api/stats/public")).body.data;
    expect(after.students).toBe(before.students + 1);
    expect(after.courses).toBe(before.courses + 1);
    expect(after.successRate).toBeGreaterThan(0);
    expect(after.successRate).toBeLessThanOrEqual(100);
  });
});
