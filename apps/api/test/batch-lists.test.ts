import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrollment, makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

interface Listed {
  _id: string;
  name: string;
  email: string;
}
interface Page {
  items: Listed[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

const get = (url: string, auth: Record<string, string> = admin.auth) =>
  t.app.inject({ method: "GET", url, headers: auth });

async function students(courseId: string, query: string): Promise<Page> {
  const response = await get(`/api/admin/courses/${courseId}/enrollments?${query}`);
  expect(response.statusCode).toBe(200);
  const { students, pagination } = response.json().data;
  return { items: students, pagination };
}

async function candidates(courseId: string, query: string): Promise<Page> {
  const response = await get(`/api/admin/courses/${courseId}/enrollment-candidates?${query}`);
  expect(response.statusCode).toBe(200);
  const { users, pagination } = response.json().data;
  return { items: users, pagination };
}

/** Every page of a list, walked with the answers' own page counts. */
async function allPages(load: (query: string) => Promise<Page>, query: string, limit: number) {
  const first = await load(`${query}&limit=${limit}&page=1`);
  const pages = [first];
  for (let page = 2; page <= first.pagination.pages; page++)
    pages.push(await load(`${query}&limit=${limit}&page=${page}`));
  return pages;
}

const ids = (items: Listed[]) => items.map((item) => item._id);
/** A word no other test's user carries, so a search finds only this test's people. */
const tag = () => `q${newId().slice(-10)}`;

/** `count` users named "<word> Learner NN", created one second apart so newest-first is well defined. */
async function makePeople(word: string, count: number) {
  const people = [];
  for (let i = 0; i < count; i++) {
    const created = new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString();
    const n = String(i + 1).padStart(2, "0");
    people.push(
      await makeUser(t.db, { name: `${word} Learner ${n}`, email: `${word}-${n}@example.test`, created_at: created }),
    );
  }
  return people;
}

describe("GET /api/admin/courses/{id}/enrollments (enrolled students, paged)", () => {
  it("pages every student exactly once, newest enrollment first", async () => {
    const course = await makeCourse(t.db);
    const people = await makePeople(tag(), 12);
    for (const [i, person] of people.entries()) {
      const enrolledAt = new Date(Date.UTC(2030, 1, 1, 0, i)).toISOString();
      await makeEnrollment(t.db, { course_id: course.id, user_id: person.id, enrolled_at: enrolledAt });
    }
    const pages = await allPages((q) => students(course.id, q), "", 5);
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 2]);
    expect(pages[0].pagination).toEqual({ page: 1, limit: 5, total: 12, pages: 3 });
    expect(pages.flatMap((p) => ids(p.items))).toEqual(people.map((p) => p.id).reverse());
    expect((await students(course.id, "limit=5&page=4")).items).toEqual([]);
  });

  it("searches name and e-mail on the server, ignoring case, with LIKE's wildcards taken literally", async () => {
    const course = await makeCourse(t.db);
    const word = tag();
    const grace = await makeUser(t.db, { name: `Grace HOPPER ${word}`, email: `g.hopper-${word}@navy.example` });
    const ada = await makeUser(t.db, { name: `ada lovelace ${word}`, email: `ada-${word}@engine.example` });
    const percent = await makeUser(t.db, { name: `100% ${word}`, email: `under_score-${word}@example.test` });
    const outsider = await makeUser(t.db, { name: `Grace Outside ${word}` });
    for (const person of [grace, ada, percent])
      await makeEnrollment(t.db, { course_id: course.id, user_id: person.id });

    expect(ids((await students(course.id, "search=hopper")).items)).toEqual([grace.id]);
    expect(ids((await students(course.id, "search=ADA%20LOVELACE")).items)).toEqual([ada.id]);
    expect(ids((await students(course.id, "search=NAVY.EXAMPLE")).items)).toEqual([grace.id]);
    expect(ids((await students(course.id, "search=GrAcE")).items)).toEqual([grace.id]);
    expect(ids((await students(course.id, "search=%25")).items)).toEqual([percent.id]);
    expect(ids((await students(course.id, "search=_")).items)).toEqual([percent.id]);
    const searched = await students(course.id, `search=${word}&limit=2`);
    expect(searched.pagination).toMatchObject({ total: 3, pages: 2 });
    expect(ids(searched.items)).not.toContain(outsider.id);
  });

  it("is for admins only and checks its input", async () => {
    const course = await makeCourse(t.db);
    const url = `/api/admin/courses/${course.id}/enrollments`;
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    await t.db.updateTable("courses").set({ instructor_id: instructor.user.id }).where("id", "=", course.id).execute();
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    expect((await get(url, instructor.auth)).statusCode).toBe(403);
    expect((await get(url, learner.auth)).statusCode).toBe(403);
    expect((await get(url, {})).statusCode).toBe(401);
    expect((await get(`${url}?limit=101`)).statusCode).toBe(400);
    expect((await get(`${url}?page=0`)).statusCode).toBe(400);
    expect((await get(`${url}?search=${"x".repeat(101)}`)).statusCode).toBe(400);
  });
});

describe("GET /api/admin/courses/{id}/enrollment-candidates (users to add, paged)", () => {
  it("never lists the course's students, on any page", async () => {
    const course = await makeCourse(t.db);
    const other = await makeCourse(t.db);
    const people = await makePeople(tag(), 9);
    const enrolled = people.filter((_, i) => i % 3 === 0);
    for (const person of enrolled) await makeEnrollment(t.db, { course_id: course.id, user_id: person.id });
    // A student of another course is still a candidate here.
    await makeEnrollment(t.db, { course_id: other.id, user_id: people[1].id });

    const pages = await allPages((q) => candidates(course.id, q), "", 4);
    const listed = pages.flatMap((p) => ids(p.items));
    const everyone = await t.db.selectFrom("users").select("id").where("role", "=", "learner").execute();
    expect(new Set(listed).size).toBe(listed.length);
    expect(pages[0].pagination.total).toBe(everyone.length - enrolled.length);
    expect(listed).toHaveLength(everyone.length - enrolled.length);
    for (const person of enrolled) expect(listed).not.toContain(person.id);
    expect(listed).toContain(people[1].id);
  });

  it("searches name and e-mail ignoring case, pages the matches newest first, and counts them right", async () => {
    const course = await makeCourse(t.db);
    const word = tag();
    const people = await makePeople(word, 13);
    await makeEnrollment(t.db, { course_id: course.id, user_id: people[0].id });
    await makeEnrollment(t.db, { course_id: course.id, user_id: people[5].id });
    const expected = people
      .filter((_, i) => i !== 0 && i !== 5)
      .map((p) => p.id)
      .reverse();

    const pages = await allPages((q) => candidates(course.id, q), `search=${word.toUpperCase()}`, 5);
    expect(pages[0].pagination).toEqual({ page: 1, limit: 5, total: 11, pages: 3 });
    expect(pages.flatMap((p) => ids(p.items))).toEqual(expected);

    expect(ids((await candidates(course.id, `search=${word}%20learner%2007`)).items)).toEqual([people[6].id]);
    expect(ids((await candidates(course.id, `search=${word}-08@EXAMPLE`)).items)).toEqual([people[7].id]);
    const enrolledOnly = await candidates(course.id, `search=${word}-06@`);
    expect(enrolledOnly).toEqual({ items: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } });
  });

  it("offers learners only: instructors and admins are neither listed nor counted", async () => {
    const course = await makeCourse(t.db);
    const word = tag();
    const learner = await makeUser(t.db, { name: `${word} Learner` });
    for (const role of ["instructor", "admin", "super_admin"] as const) {
      await makeUser(t.db, { name: `${word} ${role}`, role });
    }
    const page = await candidates(course.id, `search=${word}`);
    expect(ids(page.items)).toEqual([learner.id]);
    expect(page.pagination.total).toBe(1);
  });

  it("answers the candidate's public fields only", async () => {
    const course = await makeCourse(t.db);
    const word = tag();
    const person = await makeUser(t.db, { name: `Only ${word}`, avatar: "/a.png" });
    const [item] = (await candidates(course.id, `search=${word}`)).items;
    expect(item).toEqual({
      _id: person.id,
      name: person.name,
      email: person.email,
      role: "learner",
      status: "active",
      avatar: expect.stringMatching(/^\/a\.png\?expires=\d+&sig=[\w-]+$/),
    });
  });

  it("is for admins only: 403 for instructors (even their own course) and learners, 401 without a token", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const url = `/api/admin/courses/${course.id}/enrollment-candidates`;
    const refused = await get(url, instructor.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    expect((await get(url, learner.auth)).statusCode).toBe(403);
    expect((await get(url, {})).statusCode).toBe(401);
    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
    expect((await get(url, superAdmin.auth)).statusCode).toBe(200);
  });

  it("404 for an unknown course, 400 for a malformed id or paging", async () => {
    const unknown = await get(`/api/admin/courses/${"f".repeat(24)}/enrollment-candidates`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.courseNotFound.text);
    const malformed = await get("/api/admin/courses/xyz/enrollment-candidates");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.invalidCourseId.text);
    const course = await makeCourse(t.db);
    expect((await get(`/api/admin/courses/${course.id}/enrollment-candidates?limit=0`)).statusCode).toBe(400);
    expect((await get(`/api/admin/courses/${course.id}/enrollment-candidates?page=abc`)).statusCode).toBe(400);
  });
});
