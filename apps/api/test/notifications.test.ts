import { NOTIFICATION_MESSAGES as M, NOTIFICATION_LIMITS } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeCourse, makeEnrollment, makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: "0", AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

const send = (payload: unknown, headers = admin.auth) =>
  t.app.inject({ method: "POST", url: "/api/admin/notifications", headers, payload: payload as object });
const inbox = (headers: Record<string, string>, query = "") =>
  t.app.inject({ method: "GET", url: `/api/notifications${query}`, headers });
const recipientsOf = (notificationId: string) =>
  t.db.selectFrom("notification_recipients").selectAll().where("notification_id", "=", notificationId).execute();
const base = { title: "Maintenance tonight", message: "The site is down 22:00-23:00 UTC.", channels: ["in-app"] };

describe("POST /api/admin/notifications audiences", () => {
  it("sends to every active user with {type: all}, and not to suspended ones", async () => {
    const suspended = await makeUser(t.db, { status: "suspended" });
    const response = await send({ ...base, audience: { type: "all" } });
    expect(response.statusCode).toBe(201);
    const { notification, recipients } = response.json().data;
    const active = await t.db.selectFrom("users").select("id").where("status", "=", "active").execute();
    expect(recipients).toBe(active.length);
    expect(notification).toMatchObject({
      title: base.title,
      audience: { type: "all" },
      channels: ["in-app"],
      sender: { _id: admin.user.id },
      recipients: active.length,
      readCount: 0,
      email: { total: 0, pending: 0 },
    });
    const rows = await recipientsOf(notification._id);
    expect(rows.map((r) => r.user_id).sort()).toEqual(active.map((u) => u.id).sort());
    expect(rows.some((r) => r.user_id === suspended.id)).toBe(false);
  });

  it("sends to one role with {type: role}", async () => {
    const instructor = await makeUser(t.db, { role: "instructor" });
    const response = await send({ ...base, audience: { type: "role", role: "instructor" } });
    expect(response.statusCode).toBe(201);
    const rows = await recipientsOf(response.json().data.notification._id);
    const instructors = await t.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "instructor")
      .where("status", "=", "active")
      .execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual(instructors.map((u) => u.id).sort());
    expect(rows.map((r) => r.user_id)).toContain(instructor.id);
  });

  it("sends to a course's enrolled learners with {type: course}", async () => {
    const course = await makeCourse(t.db);
    const a = await makeEnrollment(t.db, { course_id: course.id });
    const b = await makeEnrollment(t.db, { course_id: course.id });
    await makeEnrollment(t.db, { course_id: (await makeCourse(t.db)).id });
    const response = await send({ ...base, audience: { type: "course", courseId: course.id } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.recipients).toBe(2);
    expect(response.json().data.notification.courseTitle).toBe(course.title);
    const rows = await recipientsOf(response.json().data.notification._id);
    expect(rows.map((r) => r.user_id).sort()).toEqual([a.user_id, b.user_id].sort());
  });

  it("sends to chosen users with {type: users}, each once", async () => {
    const one = await makeUser(t.db);
    const two = await makeUser(t.db);
    const response = await send({ ...base, audience: { type: "users", userIds: [one.id, two.id, one.id] } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.recipients).toBe(2);
  });

  it("answers 404 for an unknown course and 400 listing unknown user ids", async () => {
    const course = await send({ ...base, audience: { type: "course", courseId: newId() } });
    expect(course.statusCode).toBe(404);
    expect(course.json().message).toBe(M.courseNotFound.text);
    const known = await makeUser(t.db);
    const ghost = newId();
    const users = await send({ ...base, audience: { type: "users", userIds: [known.id, ghost] } });
    expect(users.statusCode).toBe(400);
    expect(users.json().message).toBe(`${M.unknownUsers.text}: ${ghost}`);
  });

  it("answers 400 when the audience is empty (a course without learners)", async () => {
    const course = await makeCourse(t.db);
    const before = await t.db.selectFrom("notifications").select("id").execute();
    const response = await send({ ...base, audience: { type: "course", courseId: course.id } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.noRecipients.text);
    expect(await t.db.selectFrom("notifications").select("id").execute()).toHaveLength(before.length);
  });
});

describe("POST /api/admin/notifications validation", () => {
  const audience = { type: "all" };
  it.each([
    ["an empty title", { ...base, audience, title: "  " }, M.titleRequired.text],
    ["a long title", { ...base, audience, title: "x".repeat(NOTIFICATION_LIMITS.titleMax + 1) }, M.titleTooLong.text],
    ["an empty message", { ...base, audience, message: "" }, M.messageRequired.text],
    [
      "a long message",
      { ...base, audience, message: "x".repeat(NOTIFICATION_LIMITS.messageMax + 1) },
      M.messageTooLong.text,
    ],
    ["no channels", { ...base, audience, channels: [] }, M.channelsRequired.text],
    ["a repeated channel", { ...base, audience, channels: ["email", "email"] }, M.channelsRepeated.text],
    ["no chosen users", { ...base, audience: { type: "users", userIds: [] } }, M.userIdsRequired.text],
  ])("refuses %s with 400", async (_name, payload, message) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain(message);
  });

  it.each([
    ["an unknown channel", { ...base, audience, channels: ["sms"] }],
    ["an unknown audience type", { ...base, audience: { type: "everyone" } }],
    ["an unknown role", { ...base, audience: { type: "role", role: "owner" } }],
    ["a malformed course id", { ...base, audience: { type: "course", courseId: "nope" } }],
  ])("refuses %s with 400", async (_name, payload) => {
    expect((await send(payload)).statusCode).toBe(400);
  });

  it("refuses learners and instructors with 403", async () => {
    for (const role of ["learner", "instructor"] as const) {
      const caller = await makeSignedInUser(t.app, t.db, role);
      expect((await send({ ...base, audience }, caller.auth)).statusCode).toBe(403);
    }
  });
});

describe("channels", () => {
  it("e-mail only: rows track the e-mail and the bell does not show it", async () => {
    const user = await makeSignedInUser(t.app, t.db);
    const response = await send({ ...base, channels: ["email"], audience: { type: "users", userIds: [user.user.id] } });
    expect(response.statusCode).toBe(201);
    const { notification } = response.json().data;
    expect(notification.email).toMatchObject({ total: 1, pending: 1, delivered: 0 });
    const rows = await recipientsOf(notification._id);
    expect(rows).toMatchObject([{ user_id: user.user.id, in_app: 0, email_status: "pending" }]);
    expect((await inbox(user.auth)).json().data.notifications).toEqual([]);
    const jobs = await t.db.selectFrom("outbox_jobs").selectAll().where("status", "=", "pending").execute();
    expect(jobs.map((j) => JSON.parse(j.payload))).toContainEqual({ notificationId: notification._id });
  });

  it("in-app only: no e-mail job", async () => {
    const user = await makeUser(t.db);
    const before = await t.db.selectFrom("outbox_jobs").select("id").execute();
    await send({ ...base, audience: { type: "users", userIds: [user.id] } });
    expect(await t.db.selectFrom("outbox_jobs").select("id").execute()).toHaveLength(before.length);
  });
});

describe("one's own notifications", () => {
  it("lists newest first with the unread count, marks one read, then all", async () => {
    const me = await makeSignedInUser(t.app, t.db);
    const ids: string[] = [];
    for (const title of ["First", "Second", "Third"]) {
      const response = await send({ ...base, title, audience: { type: "users", userIds: [me.user.id] } });
      ids.push(response.json().data.notification._id);
    }
    const list = (await inbox(me.auth, "?limit=2")).json().data;
    expect(list.notifications.map((n: { title: string }) => n.title)).toEqual(["Third", "Second"]);
    expect(list.unreadCount).toBe(3);
    expect(list.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(list.notifications[0]).toMatchObject({ kind: "broadcast", readAt: null, link: null });

    const read = await t.app.inject({ method: "POST", url: `/api/notifications/${ids[0]}/read`, headers: me.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.unreadCount).toBe(2);
    expect(read.json().data.notification.readAt).not.toBeNull();
    const again = await t.app.inject({ method: "POST", url: `/api/notifications/${ids[0]}/read`, headers: me.auth });
    expect(again.json().data.unreadCount).toBe(2);

    const all = await t.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: me.auth });
    expect(all.json().data).toEqual({ marked: 2, unreadCount: 0 });

    const history = (
      await t.app.inject({ method: "GET", url: "/api/admin/notifications/history?limit=50", headers: admin.auth })
    ).json().data.notifications as { _id: string; readCount: number }[];
    for (const id of ids) expect(history.find((n) => n._id === id)?.readCount).toBe(1);
  });

  it("never shows or marks someone else's notification (404)", async () => {
    const owner = await makeSignedInUser(t.app, t.db);
    const other = await makeSignedInUser(t.app, t.db);
    const sent = await send({
      ...base,
      title: "Only for owner",
      audience: { type: "users", userIds: [owner.user.id] },
    });
    const id = sent.json().data.notification._id;
    const titles = (await inbox(other.auth)).json().data.notifications.map((n: { title: string }) => n.title);
    expect(titles).not.toContain("Only for owner");
    const mark = await t.app.inject({ method: "POST", url: `/api/notifications/${id}/read`, headers: other.auth });
    expect(mark.statusCode).toBe(404);
    expect(mark.json().message).toBe(M.notFound.text);
    const [row] = await recipientsOf(id);
    expect(row.read_at).toBeNull();
    await t.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: other.auth });
    expect((await recipientsOf(id))[0].read_at).toBeNull();
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const me = await makeSignedInUser(t.app, t.db);
    const bad = await t.app.inject({ method: "POST", url: "/api/notifications/xyz/read", headers: me.auth });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: "POST", url: `/api/notifications/${newId()}/read`, headers: me.auth });
    expect(unknown.statusCode).toBe(404);
  });

  it("a suspended user's tokens stop reading notifications", async () => {
    const me = await makeSignedInUser(t.app, t.db);
    await t.db.updateTable("users").set({ status: "suspended" }).where("id", "=", me.user.id).execute();
    expect((await inbox(me.auth)).statusCode).toBe(401);
    await expect(login(t.app, me.user)).rejects.toThrow();
  });
});

describe("GET /api/admin/notifications/history", () => {
  it("pages the broadcasts newest first with who sent them, and leaves product events out", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/notifications/history?page=1&limit=2",
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    const { notifications, pagination } = response.json().data;
    expect(notifications).toHaveLength(2);
    expect(notifications[0]._id > notifications[1]._id).toBe(true);
    expect(notifications[0].sender).toEqual({ _id: admin.user.id, name: admin.user.name });
    const total = await t.db.selectFrom("notifications").select("id").where("kind", "=", "broadcast").execute();
    expect(pagination.total).toBe(total.length);
  });

  it("refuses a limit above the bound", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/notifications/history?limit=${NOTIFICATION_LIMITS.pageSizeMax + 1}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(400);
  });
});
