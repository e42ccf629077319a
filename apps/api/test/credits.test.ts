import { CREDIT_LIMITS, CREDIT_MESSAGES, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeCourse, makeEnrollment, makeSignedInUser, makeUser } from "./support/factories.js";
import { multipart } from "./support/multipart.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: "0", AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const post = (url: string, auth: Auth, payload: object = {}) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });
const get = (url: string, auth: Auth) => t.app.inject({ method: "GET", url, headers: auth });
const grant = (auth: Auth, payload: object) => post("/api/credits/grants", auth, payload);
const balance = async (id: string) =>
  (await t.db.selectFrom("users").select("credits").where("id", "=", id).executeTakeFirstOrThrow()).credits;
const activities = (userId: string, type: string) =>
  t.db.selectFrom("activities").selectAll().where("user_id", "=", userId).where("type", "=", type).execute();
const inbox = async (auth: Auth) => (await get("/api/notifications", auth)).json().data.notifications;

/** An instructor signed in, with a course of theirs. */
async function teacherWithCourse(price = 0) {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id, price_credits: price });
  return { teacher, course };
}

async function signedInLearner(credits = 0) {
  const user = await makeUser(t.db, { role: "learner", credits });
  return { user, ...(await login(t.app, user)) };
}

describe("the startingCredits setting", () => {
  it("defaults to 0 and gives its credits to self-registered, admin-created and imported users", async () => {
    const settings = await get("/api/admin/settings", admin.auth);
    expect(settings.json().data.settings.startingCredits).toBe(0);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: admin.auth,
      payload: { startingCredits: 150 },
    });
    expect(saved.statusCode).toBe(200);
    try {
      const registered = await post(
        "/api/auth/register",
        {},
        {
          name: "New Learner",
          email: "starting-credits@example.test",
          password: "Secret123",
        },
      );
      expect(registered.statusCode).toBe(201);
      expect(registered.json().data.user.credits).toBe(150);

      const created = await post("/api/admin/users", admin.auth, {
        name: "Made By Admin",
        email: "made-by-admin@example.test",
        password: "Secret123!",
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.user.credits).toBe(150);
      const given = await post("/api/admin/users", admin.auth, {
        name: "Given Credits",
        email: "given-credits@example.test",
        password: "Secret123!",
        credits: 7,
      });
      expect(given.json().data.user.credits).toBe(7);

      const csv =
        "name,email,credits\nImported One,imported-one@example.test,\nImported Two,imported-two@example.test,3\n";
      const body = multipart({}, { field: "file", filename: "users.csv", content: Buffer.from(csv), type: "text/csv" });
      const headers = { ...admin.auth, ...body.headers };
      const started = await t.app.inject({
        method: "POST",
        url: "/api/admin/users/import",
        headers,
        payload: body.payload,
      });
      expect(started.statusCode).toBe(202);
      const imported = (email: string) =>
        t.db.selectFrom("users").select("credits").where("email", "=", email).executeTakeFirst();
      await vi.waitFor(async () => expect(await imported("imported-two@example.test")).toEqual({ credits: 3 }), {
        timeout: 30_000,
        interval: 50,
      });
      expect(await imported("imported-one@example.test")).toEqual({ credits: 150 });
    } finally {
      await t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        headers: admin.auth,
        payload: { startingCredits: 0 },
      });
    }
  });

  it("refuses a negative, fractional or huge starting amount", async () => {
    for (const startingCredits of [-1, 1.5, 2_000_000]) {
      const response = await t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        headers: admin.auth,
        payload: { startingCredits },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe("POST /api/credits/grants", () => {
  it("lets an instructor grant to a learner of their course: balance, activity entries and a notification", async () => {
    const { teacher, course } = await teacherWithCourse();
    const learner = await signedInLearner(5);
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });

    const response = await grant(teacher.auth, {
      amount: 40,
      reason: "Scholarship",
      recipients: { type: "users", userIds: [learner.user.id] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: CREDIT_MESSAGES.granted.text,
      data: { amount: 40, recipients: 1 },
    });
    expect(await balance(learner.user.id)).toBe(45);

    const received = await activities(learner.user.id, "credits_received");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ title: "Received 40 credits" });
    expect(JSON.parse(received[0].metadata ?? "{}")).toMatchObject({ amount: 40, grantedBy: teacher.user.id });
    const given = await activities(teacher.user.id, "credits_granted");
    expect(given).toHaveLength(1);
    expect(JSON.parse(given[0].metadata ?? "{}")).toMatchObject({ amount: 40, userIds: [learner.user.id] });

    const [notification] = await inbox(learner.auth);
    expect(notification).toMatchObject({ kind: "credits", title: "You received 40 credits" });
  });

  it("refuses an instructor a learner outside their courses (403) and changes nothing", async () => {
    const { teacher } = await teacherWithCourse();
    const other = await makeCourse(t.db);
    const stranger = await makeUser(t.db);
    await makeEnrollment(t.db, { course_id: other.id, user_id: stranger.id });
    const response = await grant(teacher.auth, { amount: 10, recipients: { type: "users", userIds: [stranger.id] } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CREDIT_MESSAGES.notYourLearners.text);
    expect(await balance(stranger.id)).toBe(0);
    const toOtherCourse = await grant(teacher.auth, { amount: 10, recipients: { type: "course", courseId: other.id } });
    expect(toOtherCourse.statusCode).toBe(403);
    expect(await balance(stranger.id)).toBe(0);
  });

  it.each([
    ["zero", 0],
    ["negative", -5],
    ["fractional", 2.5],
    ["huge", CREDIT_LIMITS.grantMax + 1],
    ["text", "10"],
  ])("refuses a %s amount (400)", async (_name, amount) => {
    const { teacher, course } = await teacherWithCourse();
    const learner = await makeUser(t.db);
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.id });
    const response = await grant(teacher.auth, { amount, recipients: { type: "users", userIds: [learner.id] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CREDIT_MESSAGES.amountInvalid.text);
    expect(await balance(learner.id)).toBe(0);
  });

  it("refuses learners (403) whatever they send", async () => {
    const learner = await signedInLearner();
    const response = await grant(learner.auth, {
      amount: 10,
      recipients: { type: "users", userIds: [learner.user.id] },
    });
    expect(response.statusCode).toBe(403);
    expect(await balance(learner.user.id)).toBe(0);
  });

  it("lets an admin grant to many at once, by ids or to a whole course", async () => {
    const users = await Promise.all([0, 1, 2].map(() => makeUser(t.db, { credits: 1 })));
    const byIds = await grant(admin.auth, {
      amount: 25,
      recipients: { type: "users", userIds: users.map((u) => u.id) },
    });
    expect(byIds.statusCode).toBe(201);
    expect(byIds.json().data).toEqual({ amount: 25, recipients: 3 });
    for (const user of users) expect(await balance(user.id)).toBe(26);
    expect(await activities(admin.user.id, "credits_granted")).toHaveLength(1);

    const course = await makeCourse(t.db);
    for (const user of users.slice(0, 2)) await makeEnrollment(t.db, { course_id: course.id, user_id: user.id });
    const toCourse = await grant(admin.auth, { amount: 4, recipients: { type: "course", courseId: course.id } });
    expect(toCourse.json().data).toEqual({ amount: 4, recipients: 2 });
    expect(await Promise.all(users.map((u) => balance(u.id)))).toEqual([30, 30, 26]);
  });

  it("changes nothing when one id of a batch is invalid", async () => {
    const users = await Promise.all([0, 1].map(() => makeUser(t.db)));
    const unknown = "0123456789abcdef01234567";
    const response = await grant(admin.auth, {
      amount: 10,
      recipients: { type: "users", userIds: [users[0].id, unknown, users[1].id] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CREDIT_MESSAGES.unknownUsers.text);
    expect(response.json().errors[0].msg).toContain(unknown);
    for (const user of users) {
      expect(await balance(user.id)).toBe(0);
      expect(await activities(user.id, "credits_received")).toEqual([]);
    }
    const malformed = await grant(admin.auth, {
      amount: 10,
      recipients: { type: "users", userIds: [users[0].id, "not-an-id"] },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await balance(users[0].id)).toBe(0);
  });

  it("rolls the whole batch back when one balance would pass its ceiling (409)", async () => {
    const fine = await makeUser(t.db);
    const full = await makeUser(t.db, { credits: CREDIT_LIMITS.balanceMax });
    const response = await grant(admin.auth, { amount: 1, recipients: { type: "users", userIds: [fine.id, full.id] } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CREDIT_MESSAGES.balanceTooHigh.text);
    expect(await balance(fine.id)).toBe(0);
    expect(await activities(fine.id, "credits_received")).toEqual([]);
  });
});

describe("credit requests", () => {
  it("notifies the teacher in-app and by e-mail, refuses a second open request (409), and the teacher grants from it", async () => {
    const { teacher, course } = await teacherWithCourse(120);
    const learner = await signedInLearner(20);
    const url = `/api/courses/${course.id}/credit-requests`;

    const enrollFirst = await post(`/api/courses/${course.id}/enroll`, learner.auth);
    expect(enrollFirst.statusCode).toBe(400);
    expect(enrollFirst.json().code).toBe("MESSAGES.insufficientCredits");

    const asked = await post(url, learner.auth, { message: "I would love to take this course" });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().data.request).toMatchObject({
      status: "open",
      shortfall: 100,
      message: "I would love to take this course",
      learner: { _id: learner.user.id, credits: 20 },
    });
    const requestId = asked.json().data.request._id;

    const [notification] = await inbox(teacher.auth);
    expect(notification).toMatchObject({
      kind: "credits",
      title: `Credit request for ${course.title}`,
      link: `/instructor/courses/${course.id}?tab=credits`,
    });
    expect(notification.message).toContain("needs 100 more credits");
    await t.app.outbox.runDue();
    expect(t.mails.filter((mail) => mail.to === teacher.user.email).map((mail) => mail.subject)).toEqual([
      `Credit request for ${course.title}`,
    ]);

    const again = await post(url, learner.auth, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CREDIT_MESSAGES.requestOpen.text);
    expect((await get(`${url}/mine`, learner.auth)).json().data.request._id).toBe(requestId);

    const list = await get(url, teacher.auth);
    expect(list.json().data.requests.map((r: { _id: string }) => r._id)).toEqual([requestId]);

    const granted = await post(`/api/credit-requests/${requestId}/grant`, teacher.auth, { amount: 100 });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.request).toMatchObject({ status: "granted", grantedAmount: 100, shortfall: 0 });
    expect(await balance(learner.user.id)).toBe(120);
    expect(await activities(learner.user.id, "credits_received")).toHaveLength(1);
    expect((await inbox(learner.auth))[0]).toMatchObject({ kind: "credits", link: `/courses/${course.id}` });
    expect((await get(url, teacher.auth)).json().data.requests).toEqual([]);
    expect((await get(`${url}/mine`, learner.auth)).json().data.request).toBeNull();

    const twice = await post(`/api/credit-requests/${requestId}/grant`, teacher.auth, { amount: 100 });
    expect(twice.statusCode).toBe(409);
    expect(await balance(learner.user.id)).toBe(120);

    const enrolled = await post(`/api/courses/${course.id}/enroll`, learner.auth);
    expect(enrolled.statusCode).toBe(201);
    expect(await balance(learner.user.id)).toBe(0);
  });

  it("sends no e-mail to a teacher who turned e-mail notifications off", async () => {
    const { teacher, course } = await teacherWithCourse(50);
    const prefs = await get("/api/users/me/preferences", teacher.auth);
    const preferences = prefs.json().data.preferences;
    await t.app.inject({
      method: "PUT",
      url: "/api/users/me/preferences",
      headers: teacher.auth,
      payload: { ...preferences, notifications: { ...preferences.notifications, email: false } },
    });
    const learner = await signedInLearner();
    expect((await post(`/api/courses/${course.id}/credit-requests`, learner.auth, {})).statusCode).toBe(201);
    await t.app.outbox.runDue();
    expect(t.mails.filter((mail) => mail.to === teacher.user.email)).toEqual([]);
    expect(await inbox(teacher.auth)).toHaveLength(1);
  });

  it("lets the teacher dismiss a request, after which the learner may ask again", async () => {
    const { teacher, course } = await teacherWithCourse(50);
    const learner = await signedInLearner();
    const url = `/api/courses/${course.id}/credit-requests`;
    const requestId = (await post(url, learner.auth, {})).json().data.request._id;
    const dismissed = await post(`/api/credit-requests/${requestId}/dismiss`, teacher.auth);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data.request.status).toBe("dismissed");
    expect(await balance(learner.user.id)).toBe(0);
    expect((await post(url, learner.auth, {})).statusCode).toBe(201);
  });

  it("keeps other teachers and learners out of a course's requests", async () => {
    const { course } = await teacherWithCourse(50);
    const learner = await signedInLearner();
    const url = `/api/courses/${course.id}/credit-requests`;
    const requestId = (await post(url, learner.auth, {})).json().data.request._id;
    const { teacher: other } = await teacherWithCourse();
    expect((await get(url, other.auth)).statusCode).toBe(403);
    expect((await post(`/api/credit-requests/${requestId}/grant`, other.auth, { amount: 50 })).statusCode).toBe(403);
    expect((await post(`/api/credit-requests/${requestId}/dismiss`, other.auth)).statusCode).toBe(403);
    expect((await get(url, learner.auth)).statusCode).toBe(403);
    expect((await post(`/api/credit-requests/${requestId}/grant`, learner.auth, { amount: 50 })).statusCode).toBe(403);
    expect(await balance(learner.user.id)).toBe(0);
    const missing = await post("/api/credit-requests/0123456789abcdef01234567/grant", admin.auth, { amount: 5 });
    expect(missing.statusCode).toBe(404);
  });

  it.each<[string, () => Promise<{ courseId: string; auth: Auth }>, number, string]>([
    [
      "a free course",
      async () => ({ courseId: (await teacherWithCourse(0)).course.id, auth: (await signedInLearner()).auth }),
      409,
      CREDIT_MESSAGES.requestNotNeeded.text,
    ],
    [
      "a course already paid for",
      async () => {
        const { course } = await teacherWithCourse(30);
        const learner = await signedInLearner();
        await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
        return { courseId: course.id, auth: learner.auth };
      },
      409,
      MESSAGES.alreadyEnrolled.text,
    ],
    [
      "a draft",
      async () => ({
        courseId: (await makeCourse(t.db, { published: 0, price_credits: 30 })).id,
        auth: (await signedInLearner()).auth,
      }),
      404,
      MESSAGES.courseNotFound.text,
    ],
    [
      "the teacher's own course",
      async () => {
        const { teacher, course } = await teacherWithCourse(30);
        return { courseId: course.id, auth: teacher.auth };
      },
      403,
      MESSAGES.managersCannotEnroll.text,
    ],
  ])("refuses a request for %s", async (_name, setUp, status, message) => {
    const { courseId, auth } = await setUp();
    const response = await post(`/api/courses/${courseId}/credit-requests`, auth, {});
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
  });

  it("refuses a message over the limit (400)", async () => {
    const { course } = await teacherWithCourse(30);
    const learner = await signedInLearner();
    const response = await post(`/api/courses/${course.id}/credit-requests`, learner.auth, {
      message: "x".repeat(CREDIT_LIMITS.requestMessageMax + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CREDIT_MESSAGES.messageTooLong.text);
  });
});
