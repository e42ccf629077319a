import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeMaterial, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let teacher: Awaited<ReturnType<typeof makeSignedInUser>>;
let other: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;
let algebraId: string;
let biologyId: string;
let otherMaterialId: string;

const at = (day: number) => `2026-01-${String(day).padStart(2, "0")}T10:00:00.000Z`;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  teacher = await makeSignedInUser(t.app, t.db, "instructor");
  other = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
  algebraId = (await makeCourse(t.db, { instructor_id: teacher.user.id, title: "Algebra" })).id;
  biologyId = (await makeCourse(t.db, { instructor_id: teacher.user.id, title: "Biology" })).id;
  const otherCourse = await makeCourse(t.db, { instructor_id: other.user.id, title: "Other's course" });
  await makeMaterial(t.db, { course_id: algebraId, title: "Week 1 slides", type: "pdf", created_at: at(1) });
  await makeMaterial(t.db, { course_id: algebraId, title: "Reading list", type: "link", created_at: at(2) });
  await makeMaterial(t.db, { course_id: biologyId, title: "Cell video", type: "video", created_at: at(3) });
  await makeMaterial(t.db, { course_id: biologyId, title: "Lab 100%_done", type: "document", created_at: at(4) });
  otherMaterialId = (await makeMaterial(t.db, { course_id: otherCourse.id, title: "Other slides", created_at: at(5) }))
    .id;
});
afterAll(() => t.close());

const list = (auth: Record<string, string>, query = "") =>
  t.app.inject({ method: "GET", url: `/api/instructor/materials${query}`, headers: auth });
const titles = (response: Awaited<ReturnType<typeof list>>) =>
  response.json().data.materials.map((m: { title: string }) => m.title);

describe("GET /api/instructor/materials", () => {
  it("lists only the materials of the instructor's own courses, newest first, with course and counts", async () => {
    const response = await list(teacher.auth);
    expect(response.statusCode).toBe(200);
    expect(titles(response)).toEqual(["Lab 100%_done", "Cell video", "Reading list", "Week 1 slides"]);
    expect(response.json().data.pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
    expect(response.json().data.materials[3]).toMatchObject({
      courseId: algebraId,
      courseTitle: "Algebra",
      type: "pdf",
      downloads: 0,
      uploadDate: at(1),
    });
    expect(titles(await list(other.auth))).toEqual(["Other slides"]);
  });

  it("lists every course's materials for admins", async () => {
    const response = await list(admin.auth, "?limit=100");
    expect(response.statusCode).toBe(200);
    expect(titles(response)).toEqual(
      expect.arrayContaining(["Other slides", "Week 1 slides", "Reading list", "Cell video", "Lab 100%_done"]),
    );
  });

  it("refuses learners and signed-out callers", async () => {
    expect((await list(learner.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/instructor/materials" })).statusCode).toBe(401);
  });

  it("filters by course and type and searches titles case-insensitively, wildcards taken literally", async () => {
    expect(titles(await list(teacher.auth, `?courseId=${biologyId}`))).toEqual(["Lab 100%_done", "Cell video"]);
    expect(titles(await list(teacher.auth, "?type=link"))).toEqual(["Reading list"]);
    expect(titles(await list(teacher.auth, `?courseId=${algebraId}&type=pdf`))).toEqual(["Week 1 slides"]);
    expect(titles(await list(teacher.auth, "?search=SLIDES"))).toEqual(["Week 1 slides"]);
    expect(titles(await list(teacher.auth, "?search=100%25_"))).toEqual(["Lab 100%_done"]);
    expect(titles(await list(teacher.auth, "?search=%25"))).toEqual(["Lab 100%_done"]);
    expect(titles(await list(teacher.auth, "?search=_"))).toEqual(["Lab 100%_done"]);
  });

  it("matches nothing for a course the instructor does not manage", async () => {
    const foreign = await makeCourse(t.db);
    await makeMaterial(t.db, { course_id: foreign.id, title: "Not yours" });
    const response = await list(teacher.auth, `?courseId=${foreign.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ materials: [], pagination: { total: 0 } });
    expect(titles(await list(admin.auth, `?courseId=${foreign.id}`))).toEqual(["Not yours"]);
  });

  it("pages on the server", async () => {
    const first = await list(teacher.auth, "?limit=3");
    expect(titles(first)).toEqual(["Lab 100%_done", "Cell video", "Reading list"]);
    expect(first.json().data.pagination).toEqual({ page: 1, limit: 3, total: 4, pages: 2 });
    const second = await list(teacher.auth, "?limit=3&page=2");
    expect(titles(second)).toEqual(["Week 1 slides"]);
    expect(titles(await list(teacher.auth, "?limit=3&page=3"))).toEqual([]);
  });

  it.each([
    "?limit=101",
    "?limit=0",
    "?page=0",
    "?page=abc",
    "?type=spreadsheet",
    "?courseId=not-an-id",
    `?search=${"x".repeat(101)}`,
  ])("answers %s with 400 and a message", async (query) => {
    const response = await list(teacher.auth, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it("keeps the other instructor's material out of every filter of this instructor", async () => {
    const all = await list(teacher.auth, "?search=other&limit=100");
    expect(all.json().data.materials.map((m: { _id: string }) => m._id)).not.toContain(otherMaterialId);
  });
});
