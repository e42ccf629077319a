import { MESSAGES, usersAddedMessage } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrollment, makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const post = (url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: auth, ...(payload ? { payload } : {}) });
const courseRow = (id: string) => t.db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const credits = async (id: string) =>
  (await t.db.selectFrom("users").select("credits").where("id", "=", id).executeTakeFirstOrThrow()).credits;

describe("POST /api/courses/{id}/enroll", () => {
  it("enrolls a learner in a free course and logs it", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const response = await post(`/api/courses/${course.id}/enroll`, learner.auth);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: MESSAGES.enrolledSuccess.text,
      data: { enrollment: { courseId: course.id, status: "active", progress: 0 }, credits: 0 },
    });
    expect((await courseRow(course.id)).enrollment_count).toBe(1);
    const activity = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("user_id", "=", learner.user.id)
      .where("type", "=", "course_enrollment")
      .executeTakeFirst();
    expect(activity?.course_id).toBe(course.id);

    const again = await post(`/api/courses/${course.id}/enroll`, learner.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.alreadyEnrolled.text);
    expect((await courseRow(course.id)).enrollment_count).toBe(1);
  });

  it("takes the price from the learner's credits in one transaction", async () => {
    const course = await makeCourse(t.db, { price_credits: 120 });
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    await t.db.updateTable("users").set({ credits: 150 }).where("id", "=", learner.user.id).execute();
    const response = await post(`/api/courses/${course.id}/enroll`, learner.auth);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.credits).toBe(30);
    expect(await credits(learner.user.id)).toBe(30);
  });

  it("refuses when credits are short, and deducts and records nothing", async () => {
    const course = await makeCourse(t.db, { price_credits: 120 });
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    await t.db.updateTable("users").set({ credits: 119 }).where("id", "=", learner.user.id).execute();
    const response = await post(`/api/courses/${course.id}/enroll`, learner.auth);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.insufficientCredits.text);
    expect(await credits(learner.user.id)).toBe(119);
    expect((await courseRow(course.id)).enrollment_count).toBe(0);
    const rows = await t.db.selectFrom("enrollments").select("id").where("user_id", "=", learner.user.id).execute();
    expect(rows).toEqual([]);
    const logged = await t.db
      .selectFrom("activities")
      .select("id")
      .where("user_id", "=", learner.user.id)
      .where("type", "=", "course_enrollment")
      .execute();
    expect(logged).toEqual([]);
  });

  it("refuses drafts (404), the course's own managers (403), unknown (404) and malformed ids (400)", async () => {
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const draft = await makeCourse(t.db, { published: 0 });
    expect((await post(`/api/courses/${draft.id}/enroll`, learner.auth)).statusCode).toBe(404);
    const own = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const mine = await post(`/api/courses/${own.id}/enroll`, instructor.auth);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(MESSAGES.managersCannotEnroll.text);
    expect((await post(`/api/courses/${own.id}/enroll`, admin.auth)).statusCode).toBe(403);
    expect((await post(`/api/courses/${"a".repeat(24)}/enroll`, learner.auth)).statusCode).toBe(404);
    const malformed = await post("/api/courses/123/enroll", learner.auth);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.invalidCourseId.text);
    expect((await post(`/api/courses/${own.id}/enroll`, {})).statusCode).toBe(401);
  });
});

describe("admin enrollments (Batch tab)", () => {
  it("accepts ids in upper-case hex (spec §8: 24 hexadecimal characters) as the same ids", async () => {
    const course = await makeCourse(t.db);
    const user = await makeUser(t.db);
    const url = `/api/admin/courses/${course.id.toUpperCase()}/enrollments`;
    const response = await post(url, admin.auth, { userIds: [user.id.toUpperCase()] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ added: 1, alreadyEnrolled: 0 });
    expect((await post(url, admin.auth, { userIds: [user.id] })).json().data).toMatchObject({ alreadyEnrolled: 1 });
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id.toUpperCase()}`,
      headers: admin.auth,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.course._id).toBe(course.id);
  });

  it("adds many users at once, skips those already enrolled, and lists them", async () => {
    const course = await makeCourse(t.db);
    const [a, b, c] = await Promise.all([
      makeUser(t.db, { name: "Alice Able" }),
      makeUser(t.db, { name: "Bob Baker" }),
      makeUser(t.db, { name: "Cara Cole" }),
    ]);
    await makeEnrollment(t.db, { course_id: course.id, user_id: c.id });
    const url = `/api/admin/courses/${course.id}/enrollments`;
    const response = await post(url, admin.auth, { userIds: [a.id, b.id, c.id, a.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: usersAddedMessage(2), data: { added: 2, alreadyEnrolled: 1 } });
    expect((await courseRow(course.id)).enrollment_count).toBe(3);
    const logged = await t.db
      .selectFrom("activities")
      .select("user_id")
      .where("course_id", "=", course.id)
      .where("type", "=", "course_enrollment")
      .execute();
    expect(logged.map((l) => l.user_id).sort()).toEqual([a.id, b.id].sort());

    const list = await t.app.inject({ method: "GET", url, headers: admin.auth });
    expect(list.json().data.students).toHaveLength(3);
    expect(list.json().data.students[0]).toMatchObject({ enrollmentStatus: "active", progress: 0 });
    const search = await t.app.inject({ method: "GET", url: `${url}?search=baker`, headers: admin.auth });
    expect(search.json().data.students.map((s: { _id: string }) => s._id)).toEqual([b.id]);
    expect(search.json().data.pagination.total).toBe(1);

    const empty = await post(url, admin.auth, { userIds: [] });
    expect(empty.json().data.added).toBe(0);
  });

  it("uses the spec's id-format messages and 404 for unknown users or courses", async () => {
    const course = await makeCourse(t.db);
    const badUser = await post(`/api/admin/courses/${course.id}/enrollments`, admin.auth, { userIds: ["xyz"] });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().message).toBe(MESSAGES.invalidUserId.text);
    const badCourse = await post("/api/admin/courses/xyz/enrollments", admin.auth, { userIds: [] });
    expect(badCourse.json().message).toBe(MESSAGES.invalidCourseId.text);
    const unknownUser = await post(`/api/admin/courses/${course.id}/enrollments`, admin.auth, {
      userIds: ["f".repeat(24)],
    });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().message).toBe(MESSAGES.userNotFound.text);
    const unknownCourse = await post(`/api/admin/courses/${"f".repeat(24)}/enrollments`, admin.auth, { userIds: [] });
    expect(unknownCourse.statusCode).toBe(404);
    expect(
      (await post(`/api/admin/courses/${course.id}/enrollments`, instructor.auth, { userIds: [] })).statusCode,
    ).toBe(403);
  });

  it("removes a student with their counters and logs an admin action", async () => {
    const course = await makeCourse(t.db);
    const student = await makeUser(t.db);
    await makeEnrollment(t.db, { course_id: course.id, user_id: student.id, status: "completed", rating: 4 });
    await makeEnrollment(t.db, { course_id: course.id });
    const url = `/api/admin/courses/${course.id}/enrollments/${student.id}`;
    const response = await t.app.inject({ method: "DELETE", url, headers: admin.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.studentRemoved.text);
    expect(await courseRow(course.id)).toMatchObject({
      enrollment_count: 1,
      completion_count: 0,
      rating_count: 0,
      rating_sum: 0,
    });
    const logged = await t.db
      .selectFrom("activities")
      .selectAll()
      .where("course_id", "=", course.id)
      .where("type", "=", "admin_action")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.metadata ?? "{}")).toMatchObject({ action: "course_unenrollment", studentId: student.id });
    expect((await t.app.inject({ method: "DELETE", url, headers: admin.auth })).statusCode).toBe(404);
    const badId = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/courses/${course.id}/enrollments/x`,
      headers: admin.auth,
    });
    expect(badId.json().message).toBe(MESSAGES.invalidUserId.text);
  });
});

describe("ratings and the learner's course list", () => {
  it("lets an enrolled learner rate 1-5, replacing an earlier rating", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const url = `/api/courses/${course.id}/rating`;
    expect((await post(url, learner.auth, { rating: 5 })).statusCode).toBe(403);
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
    await makeEnrollment(t.db, { course_id: course.id, rating: 2 });
    const first = await post(url, learner.auth, { rating: 5 });
    expect(first.json().data).toEqual({
      rating: 5,
      stats: { enrollments: 2, completions: 0, averageRating: 3.5, totalRatings: 2 },
    });
    const second = await post(url, learner.auth, { rating: 3 });
    expect(second.json().data.stats).toMatchObject({ averageRating: 2.5, totalRatings: 2 });
    for (const rating of [0, 6, 4.5, "5"]) {
      const bad = await post(url, learner.auth, { rating });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MESSAGES.ratingRange.text);
    }
  });

  it("lists the learner's enrolled courses with progress, most recently used first", async () => {
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const older = await makeCourse(t.db, { title: "Older" });
    const recent = await makeCourse(t.db, { title: "Recent" });
    await makeEnrollment(t.db, {
      course_id: older.id,
      user_id: learner.user.id,
      enrolled_at: "2024-01-01T00:00:00.000Z",
    });
    await makeEnrollment(t.db, {
      course_id: recent.id,
      user_id: learner.user.id,
      enrolled_at: "2023-01-01T00:00:00.000Z",
      last_accessed_at: "2025-01-01T00:00:00.000Z",
    });
    const response = await t.app.inject({ method: "GET", url: "/api/users/enrolled-courses", headers: learner.auth });
    expect(response.statusCode).toBe(200);
    const { courses, pagination } = response.json().data;
    expect(courses.map((c: { title: string }) => c.title)).toEqual(["Recent", "Older"]);
    expect(courses[0]).toMatchObject({
      _id: recent.id,
      progress: { percentage: 0, videosCompleted: 0, totalVideos: 0, resourcesViewed: 0, totalResources: 0 },
      enrollment: { status: "active", lastAccessedAt: "2025-01-01T00:00:00.000Z" },
    });
    expect(pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
    const limited = await t.app.inject({
      method: "GET",
      url: "/api/users/enrolled-courses?limit=3",
      headers: learner.auth,
    });
    expect(limited.json().data.pagination.limit).toBe(3);
    expect((await t.app.inject({ method: "GET", url: "/api/users/enrolled-courses" })).statusCode).toBe(401);
  });
});
