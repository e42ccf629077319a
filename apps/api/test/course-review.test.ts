import { MESSAGES, REVIEW_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
type SignedIn = Awaited<ReturnType<typeof makeSignedInUser>>;
let instructor: SignedIn;
let otherInstructor: SignedIn;
let admin: SignedIn;
let superAdmin: SignedIn;
let learner: SignedIn;

beforeAll(async () => {
  // Read caches on, so the edit test shows that the write clears them.
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000", READ_CACHE_SECONDS: "60" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const draft = () => makeCourse(t.db, { instructor_id: instructor.user.id, published: 0 });
const submit = (courseId: string, who: SignedIn = instructor) =>
  call("POST", `/api/instructor/courses/${courseId}/review`, who);
const decide = (courseId: string, payload: object, who: SignedIn = admin) =>
  call("POST", `/api/admin/courses/${courseId}/review`, who, payload);
const queueIds = async () => {
  const response = await call("GET", "/api/admin/courses/reviews?limit=100", admin);
  expect(response.statusCode).toBe(200);
  return (response.json().data.courses as { _id: string }[]).map((c) => c._id);
};
const published = async (courseId: string) =>
  Boolean(
    (await t.db.selectFrom("courses").select("published").where("id", "=", courseId).executeTakeFirst())?.published,
  );

describe("PUT /api/instructor/courses/{id} (the instructor edits their own course)", () => {
  it("lets the instructor fix the title of their own course", async () => {
    const course = await draft();
    const response = await call("PUT", `/api/instructor/courses/${course.id}`, instructor, { title: "Fixed title" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.course.title).toBe("Fixed title");
    const detail = await call("GET", `/api/instructor/courses/${course.id}`, instructor);
    expect(detail.json().data.course.title).toBe("Fixed title");
  });

  it("clears the read caches like other writes: the public course info shows the new title at once", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, published: 1 });
    const before = await call("GET", `/api/courses/${course.id}`, null);
    expect(before.json().data.course.title).toBe(course.title);
    await call("PUT", `/api/instructor/courses/${course.id}`, instructor, { title: "Renamed at once" });
    const after = await call("GET", `/api/courses/${course.id}`, null);
    expect(after.json().data.course.title).toBe("Renamed at once");
  });

  it("refuses another instructor's course with 403 and leaves it unchanged", async () => {
    const course = await draft();
    const response = await call("PUT", `/api/instructor/courses/${course.id}`, otherInstructor, { title: "Hijacked" });
    expect(response.statusCode).toBe(403);
    const row = await t.db.selectFrom("courses").select("title").where("id", "=", course.id).executeTakeFirstOrThrow();
    expect(row.title).toBe(course.title);
  });

  it("cannot change the instructor or the published flag through the edit", async () => {
    const course = await draft();
    const response = await call("PUT", `/api/instructor/courses/${course.id}`, instructor, {
      title: "Still mine",
      instructorId: otherInstructor.user.id,
      published: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.course).toMatchObject({
      title: "Still mine",
      instructorId: { _id: instructor.user.id },
      published: false,
    });
    expect(await published(course.id)).toBe(false);
  });

  it("applies the creation rules", async () => {
    const course = await draft();
    const response = await call("PUT", `/api/instructor/courses/${course.id}`, instructor, { title: "", duration: 0 });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["title", "duration"]));
  });
});

describe("POST /api/instructor/courses/{id}/review (submit for review)", () => {
  it("lets the course's instructor submit an unpublished course once", async () => {
    const course = await draft();
    const before = await call("GET", `/api/instructor/courses/${course.id}/review`, instructor);
    expect(before.json().data).toMatchObject({
      published: false,
      canPublish: false,
      canSubmit: true,
      review: { status: "none", comment: null, submittedAt: null },
    });

    const response = await submit(course.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(REVIEW_MESSAGES.submitted.text);
    expect(response.json().data).toMatchObject({ canSubmit: false, review: { status: "submitted" } });
    expect(response.json().data.review.submittedAt).toEqual(expect.any(String));

    const again = await submit(course.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadySubmitted.text);
  });

  it("answers 409 for a published course", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, published: 1 });
    const response = await submit(course.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(REVIEW_MESSAGES.alreadyPublished.text);
  });

  it("is for the course's instructor only: 403 for another instructor, a learner and admins; 401 anonymous", async () => {
    const course = await draft();
    expect((await submit(course.id, otherInstructor)).statusCode).toBe(403);
    expect((await submit(course.id, learner)).statusCode).toBe(403);
    expect((await submit(course.id, admin)).statusCode).toBe(403);
    expect((await call("POST", `/api/instructor/courses/${course.id}/review`, null)).statusCode).toBe(401);
    expect((await call("GET", `/api/instructor/courses/${course.id}/review`, otherInstructor)).statusCode).toBe(403);
    expect(await queueIds()).not.toContain(course.id);
  });

  it("404 for an unknown course, 400 for a malformed id", async () => {
    const unknown = await submit("f".repeat(24));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.courseNotFound.text);
    expect((await submit("nope")).statusCode).toBe(400);
  });
});

describe("the admins' review queue and decisions", () => {
  it("lists submitted courses, oldest first, with instructor and dates; not drafts never submitted", async () => {
    const first = await draft();
    const second = await draft();
    const untouched = await draft();
    await submit(first.id);
    await submit(second.id);
    const response = await call("GET", "/api/admin/courses/reviews?limit=100", superAdmin);
    expect(response.statusCode).toBe(200);
    const { courses, pagination } = response.json().data;
    const ids = courses.map((c: { _id: string }) => c._id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(untouched.id);
    expect(pagination.total).toBe(ids.length);
    expect(courses.find((c: { _id: string }) => c._id === first.id)).toMatchObject({
      title: first.title,
      courseCode: first.course_code,
      instructorId: { _id: instructor.user.id, name: instructor.user.name },
      submittedAt: expect.any(String),
    });
  });

  it("is for admins only", async () => {
    for (const who of [instructor, learner]) {
      expect((await call("GET", "/api/admin/courses/reviews", who)).statusCode).toBe(403);
    }
    const course = await draft();
    await submit(course.id);
    expect((await decide(course.id, { decision: "publish" }, instructor)).statusCode).toBe(403);
    expect(await published(course.id)).toBe(false);
  });

  it("publishes a submitted course and clears its review state", async () => {
    const course = await draft();
    await submit(course.id);
    const response = await decide(course.id, { decision: "publish" });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(REVIEW_MESSAGES.published.text);
    expect(response.json().data).toMatchObject({ published: true, review: { status: "none", comment: null } });
    expect(await published(course.id)).toBe(true);
    expect(await queueIds()).not.toContain(course.id);
    const catalogue = await call("GET", `/api/courses/${course.id}`, null);
    expect(catalogue.statusCode).toBe(200);
  });

  it("sends back with a required comment that the instructor sees, and takes a resubmission", async () => {
    const course = await draft();
    await submit(course.id);
    const missing = await decide(course.id, { decision: "send_back" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: "comment" })]));
    const blank = await decide(course.id, { decision: "send_back", comment: "   " });
    expect(blank.statusCode).toBe(400);
    const long = await decide(course.id, { decision: "send_back", comment: "x".repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect((await decide(course.id, { decision: "maybe" })).statusCode).toBe(400);

    const sent = await decide(course.id, { decision: "send_back", comment: "Please add learning outcomes." });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(REVIEW_MESSAGES.sentBack.text);
    expect(await queueIds()).not.toContain(course.id);

    const seen = await call("GET", `/api/instructor/courses/${course.id}/review`, instructor);
    expect(seen.json().data).toMatchObject({
      published: false,
      canSubmit: true,
      review: {
        status: "changes_requested",
        comment: "Please add learning outcomes.",
        reviewer: { _id: admin.user.id, name: admin.user.name },
      },
    });
    expect(seen.json().data.review.reviewedAt).toEqual(expect.any(String));

    const again = await decide(course.id, { decision: "send_back", comment: "Twice?" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.notSubmitted.text);

    const resubmitted = await submit(course.id);
    expect(resubmitted.statusCode).toBe(200);
    // The last decision stays on record until the next one replaces it.
    expect(resubmitted.json().data.review).toMatchObject({
      status: "submitted",
      comment: "Please add learning outcomes.",
    });
    expect(await queueIds()).toContain(course.id);
  });

  it("answers 409 for a course that is not waiting, 404 for an unknown one", async () => {
    const course = await draft();
    const response = await decide(course.id, { decision: "publish" });
    expect(response.statusCode).toBe(409);
    expect(await published(course.id)).toBe(false);
    expect((await decide("f".repeat(24), { decision: "publish" })).statusCode).toBe(404);
  });
});

describe("PATCH /api/instructor/courses/{id}/status and the instructorsMayPublish setting", () => {
  const setStatus = (courseId: string, status: "active" | "inactive", who: SignedIn = instructor) =>
    call("PATCH", `/api/instructor/courses/${courseId}/status`, who, { status });

  it("refuses the instructor with 403 while the setting is off (the default)", async () => {
    const course = await draft();
    const response = await setStatus(course.id, "active");
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(REVIEW_MESSAGES.publishNotAllowed.text);
    expect(await published(course.id)).toBe(false);
  });

  it("lets the instructor publish and unpublish their own course while it is on, and no one else's", async () => {
    await saveSystemSettings(t.db, { instructorsMayPublish: true });
    try {
      const course = await draft();
      await submit(course.id);
      const state = await call("GET", `/api/instructor/courses/${course.id}/review`, instructor);
      expect(state.json().data.canPublish).toBe(true);

      const on = await setStatus(course.id, "active");
      expect(on.statusCode).toBe(200);
      expect(on.json().data.course.published).toBe(true);
      expect(await queueIds()).not.toContain(course.id);

      const off = await setStatus(course.id, "inactive");
      expect(off.statusCode).toBe(200);
      expect(await published(course.id)).toBe(false);

      expect((await setStatus(course.id, "active", otherInstructor)).statusCode).toBe(403);
      expect((await setStatus(course.id, "active", learner)).statusCode).toBe(403);
      expect(await published(course.id)).toBe(false);
    } finally {
      await saveSystemSettings(t.db, { instructorsMayPublish: false });
    }
  });

  it("lets admins publish through either area whatever the setting", async () => {
    const course = await draft();
    await submit(course.id);
    const response = await call("PATCH", `/api/admin/courses/${course.id}/status`, admin, { status: "active" });
    expect(response.statusCode).toBe(200);
    expect(await queueIds()).not.toContain(course.id);
    const other = await draft();
    expect((await setStatus(other.id, "active", superAdmin)).statusCode).toBe(200);
  });
});
