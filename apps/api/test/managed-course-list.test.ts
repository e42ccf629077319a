import { managedCourseListResponseSchema } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let teacher: Awaited<ReturnType<typeof makeSignedInUser>>;
const prefix = `Sortable ${Date.now()}`;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
  teacher = await makeSignedInUser(t.app, t.db, "instructor");
  // Created oldest first: Delta (published, 5 learners), Alpha (draft), Charlie (pending, 9), Bravo (sent back, 1).
  const rows = [
    { key: "delta", title: "Delta", published: 1, enrollment_count: 5 },
    { key: "alpha", title: "Alpha", published: 0, enrollment_count: 0 },
    { key: "charlie", title: "Charlie", published: 0, enrollment_count: 9 },
    { key: "bravo", title: "Bravo", published: 0, enrollment_count: 1 },
  ];
  for (const [i, row] of rows.entries()) {
    const course = await makeCourse(t.db, {
      title: `${prefix} ${row.title}`,
      published: row.published,
      enrollment_count: row.enrollment_count,
      instructor_id: teacher.user.id,
      created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    });
    ids[row.key] = course.id;
  }
  const review = (courseId: string, status: "submitted" | "changes_requested") =>
    t.db
      .insertInto("course_reviews")
      .values({
        course_id: courseId,
        status,
        comment: null,
        submitted_at: nowIso(),
        reviewed_at: null,
        reviewer_id: null,
        updated_at: nowIso(),
      })
      .execute();
  await review(ids.charlie as string, "submitted");
  await review(ids.bravo as string, "changes_requested");
});
afterAll(() => t.close());

async function list(query: string, auth = admin.auth) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/courses?search=${encodeURIComponent(prefix)}&${query}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = managedCourseListResponseSchema.parse(response.json());
  return answer.data.courses.map((c) => ({ key: Object.keys(ids).find((k) => ids[k] === c._id), state: c.state }));
}
const keys = async (query: string) => (await list(query)).map((c) => c.key);

describe("GET /api/admin/courses: states, sorting on the server", () => {
  it("tells each course's state and filters by it", async () => {
    expect(await list("")).toEqual([
      { key: "bravo", state: "changes_requested" },
      { key: "charlie", state: "pending" },
      { key: "alpha", state: "draft" },
      { key: "delta", state: "published" },
    ]);
    expect(await keys("status=published")).toEqual(["delta"]);
    expect(await keys("status=pending")).toEqual(["charlie"]);
    expect(await keys("status=changes_requested")).toEqual(["bravo"]);
    // A draft is any unpublished course, whatever its review.
    expect(await keys("status=draft")).toEqual(["bravo", "charlie", "alpha"]);
  });

  it("sorts by title, created, learners and state, each way", async () => {
    expect(await keys("sort=title")).toEqual(["alpha", "bravo", "charlie", "delta"]);
    expect(await keys("sort=title&order=desc")).toEqual(["delta", "charlie", "bravo", "alpha"]);
    expect(await keys("sort=created&order=asc")).toEqual(["delta", "alpha", "charlie", "bravo"]);
    expect(await keys("sort=created")).toEqual(["bravo", "charlie", "alpha", "delta"]);
    expect(await keys("sort=learners")).toEqual(["charlie", "delta", "bravo", "alpha"]);
    expect(await keys("sort=learners&order=asc")).toEqual(["alpha", "bravo", "delta", "charlie"]);
    expect(await keys("sort=state")).toEqual(["delta", "bravo", "charlie", "alpha"]);
    expect(await keys("sort=state&order=asc&limit=1")).toEqual(["bravo"]);
  });

  it("pages the sorted list and refuses unknown sorts, orders and states with 400", async () => {
    expect(await keys("sort=learners&limit=2&page=2")).toEqual(["bravo", "alpha"]);
    for (const query of ["sort=popularity", "order=up", "status=archived"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/admin/courses?${query}`, headers: admin.auth });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it("gives an instructor the same sorts over their own courses, and keeps learners out", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses?search=${encodeURIComponent(prefix)}&sort=learners&status=draft`,
      headers: teacher.auth,
    });
    expect(response.json().data.courses.map((c: { _id: string }) => c._id)).toEqual([
      ids.charlie,
      ids.bravo,
      ids.alpha,
    ]);
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const refused = await t.app.inject({ method: "GET", url: "/api/admin/courses?sort=title", headers: learner.auth });
    expect(refused.statusCode).toBe(403);
  });
});
