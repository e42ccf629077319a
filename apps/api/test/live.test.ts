import type { AddressInfo } from "node:net";
import { LIVE_MESSAGES as L } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { type EventStreamClient, openEventStream, type ReceivedEvent } from "./support/event-stream.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let origin: string;
const open: EventStreamClient[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: {
      OUTBOX_POLL_MS: "0",
      AUTH_RATE_LIMIT_MAX: "10000",
      LIVE_TICKET_SECONDS: "1",
      LIVE_HEARTBEAT_SECONDS: "0.2",
      LIVE_MAX_CONNECTIONS_PER_USER: "3",
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t?.close();
});

type Auth = Record<string, string>;

async function ticket(auth: Auth): Promise<string> {
  const response = await t.app.inject({ method: "POST", url: "/api/live/tickets", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.ticket;
}

async function connect(auth: Auth, headers: Record<string, string> = {}) {
  const stream = await openEventStream(`${origin}/api/live/stream?ticket=${await ticket(auth)}`, headers);
  expect(stream.status, stream.body).toBe(200);
  open.push(stream);
  // The first keep-alive: the stream is registered and receives from here on.
  await waitUntil(() => stream.comments.includes("keep-alive"));
  return stream;
}

async function waitUntil(condition: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function forum() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  return { teacher, course, learner, base: `/api/courses/${course.id}/discussions` };
}

async function post(url: string, auth: Auth, payload: object) {
  const response = await t.app.inject({ method: "POST", url, headers: auth, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
const startThread = async (base: string, auth: Auth, title = "Loops?") =>
  (await post(base, auth, { title, body: "<p>Please explain</p>" })).thread._id as string;
const reply = async (base: string, threadId: string, auth: Auth) =>
  (await post(`${base}/${threadId}/replies`, auth, { body: "<p>An answer</p>" })).reply._id as string;

const about =
  (threadId: string, change?: string) =>
  ({ data }: ReceivedEvent) =>
    data.type === "discussion" && data.threadId === threadId && (change === undefined || data.change === change);

describe("the live stream's events", () => {
  it("delivers a forum change to the course's members and nobody else", async () => {
    const a = await forum();
    const b = await forum();
    const [learnerA, teacherA, learnerB] = [
      await connect(a.learner.auth),
      await connect(a.teacher.auth),
      await connect(b.learner.auth),
    ];

    const threadA = await startThread(a.base, a.teacher.auth);
    const event = await learnerA.waitFor(about(threadA, "thread"));
    expect(event.data).toEqual({ type: "discussion", courseId: a.course.id, threadId: threadA, change: "thread" });
    expect(event.id).toMatch(/^\d+-\d+$/);
    await teacherA.waitFor(about(threadA, "thread"));

    // B's learner gets B's own course's event, and never A's (which was published before it).
    const threadB = await startThread(b.base, b.teacher.auth);
    await learnerB.waitFor(about(threadB));
    expect(learnerB.events.map((e) => e.data)).toEqual([
      { type: "discussion", courseId: b.course.id, threadId: threadB, change: "thread" },
    ]);
    expect(learnerA.events.some(about(threadB))).toBe(false);
  });

  it("tells a reply's subscriber of the new notification, so the bell updates", async () => {
    const { base, teacher, learner } = await forum();
    const stream = await connect(learner.auth);
    const threadId = await startThread(base, learner.auth);
    await reply(base, threadId, teacher.auth);

    await stream.waitFor(about(threadId, "reply"));
    const notice = await stream.waitFor(({ data }) => data.type === "notification");
    const inbox = await t.app.inject({ method: "GET", url: "/api/notifications", headers: learner.auth });
    const newest = inbox.json().data.notifications[0];
    expect(notice.data).toEqual({ type: "notification", notificationId: newest._id });
    expect(newest.kind).toBe("discussion_reply");
  });

  it("sends an admin broadcast's recipients a notification event", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const { learner } = await forum();
    const stream = await connect(learner.auth);
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/admin/notifications",
      headers: admin.auth,
      payload: {
        title: "Hello",
        message: "Live",
        channels: ["in-app"],
        audience: { type: "users", userIds: [learner.user.id] },
      },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const notice = await stream.waitFor(({ data }) => data.type === "notification");
    expect(notice.data).toEqual({ type: "notification", notificationId: sent.json().data.notification._id });
  });
});

describe("messages on the live stream", () => {
  it("delivers a new message and a reply to the conversation's participants and nobody else", async () => {
    const { teacher, course, learner } = await forum();
    const classmate = await makeEnrolledLearner(t.app, t.db, course.id);
    const [learnerStream, teacherStream, classmateStream] = [
      await connect(learner.auth),
      await connect(teacher.auth),
      await connect(classmate.auth),
    ];
    const started = await post("/api/messages/conversations", teacher.auth, {
      courseId: course.id,
      recipientIds: [learner.user.id],
      subject: "Room change",
      body: "<p>Room 4 today</p>",
    });
    const conversationId = started.conversationIds[0] as string;
    const isMessage = ({ data }: ReceivedEvent) =>
      data.type === "message" && data.conversationId === conversationId && data.change === "message";
    const event = await learnerStream.waitFor(isMessage);
    expect(event.data).toEqual({ type: "message", conversationId, change: "message" });
    await teacherStream.waitFor(isMessage);

    await post(`/api/messages/conversations/${conversationId}/messages`, learner.auth, { body: "<p>Thanks</p>" });
    await waitUntil(() => teacherStream.events.filter(isMessage).length === 2);
    expect(classmateStream.events.some(({ data }) => data.type === "message")).toBe(false);
  });
});

describe("catching up after a dropped connection", () => {
  it("sends what was missed since Last-Event-ID, in order, and nothing seen before", async () => {
    const { base, teacher, learner } = await forum();
    const first = await connect(learner.auth);
    const seen = await startThread(base, teacher.auth, "Seen");
    const lastSeen = await first.waitFor(about(seen));
    first.close();

    const missed = await startThread(base, teacher.auth, "Missed");
    await reply(base, missed, teacher.auth);
    const again = await connect(learner.auth, { "last-event-id": lastSeen.id ?? "" });
    await again.waitFor(about(missed, "reply"));
    const replayed = again.events.filter((e) => e.data.type === "discussion").map((e) => e.data);
    expect(replayed).toEqual([
      { type: "discussion", courseId: expect.any(String), threadId: missed, change: "thread" },
      { type: "discussion", courseId: expect.any(String), threadId: missed, change: "reply" },
    ]);
    const ids = again.events.map((e) => e.id ?? "");
    expect([...ids].sort()).toEqual(ids);
  });

  it("accepts the last id in the query too (a client that opens a new EventSource)", async () => {
    const { base, teacher, learner } = await forum();
    const first = await connect(learner.auth);
    const seen = await startThread(base, teacher.auth, "Seen");
    const lastSeen = await first.waitFor(about(seen));
    first.close();
    const missed = await startThread(base, teacher.auth, "Missed");
    const again = await openEventStream(
      `${origin}/api/live/stream?ticket=${await ticket(learner.auth)}&lastEventId=${lastSeen.id}`,
    );
    open.push(again);
    await again.waitFor(about(missed, "thread"));
    expect(again.events.some(about(seen))).toBe(false);
  });

  it("tells a client whose last event is older than the retention window to refetch everything", async () => {
    const { learner } = await forum();
    const stale = `${Date.now() - 6 * 60_000}-0`;
    const stream = await connect(learner.auth, { "last-event-id": stale });
    const refetch = await stream.waitFor(({ data }) => data.type === "refetch");
    expect(Number(refetch.id?.split("-")[0])).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses a Last-Event-ID that is no event id", async () => {
    const { learner } = await forum();
    const stream = await openEventStream(`${origin}/api/live/stream?ticket=${await ticket(learner.auth)}`, {
      "last-event-id": "yesterday",
    });
    expect(stream.status).toBe(400);
    expect(JSON.parse(stream.body).message).toContain(L.invalidLastEventId.text);
  });
});

describe("opening the stream", () => {
  it("is 401 without a ticket, even with a bearer token, and a ticket needs a signed-in user", async () => {
    const { learner } = await forum();
    const anonymous = await openEventStream(`${origin}/api/live/stream`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body).message).toBe(L.ticketRequired.text);
    const bearer = await openEventStream(`${origin}/api/live/stream`, learner.auth);
    expect(bearer.status).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/live/tickets" })).statusCode).toBe(401);
  });

  it("refuses a ticket used once already, and one that expired", async () => {
    const { learner } = await forum();
    const once = await ticket(learner.auth);
    const first = await openEventStream(`${origin}/api/live/stream?ticket=${once}`);
    open.push(first);
    expect(first.status).toBe(200);
    const reused = await openEventStream(`${origin}/api/live/stream?ticket=${once}`);
    expect(reused.status).toBe(401);
    expect(JSON.parse(reused.body).message).toBe(L.ticketInvalid.text);

    const late = await ticket(learner.auth);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const expired = await openEventStream(`${origin}/api/live/stream?ticket=${late}`);
    expect(expired.status).toBe(401);
    expect(JSON.parse(expired.body).message).toBe(L.ticketInvalid.text);
    const made = await openEventStream(`${origin}/api/live/stream?ticket=made-up`);
    expect(made.status).toBe(401);
  });

  it("refuses a suspended user's ticket", async () => {
    const { learner } = await forum();
    const issued = await ticket(learner.auth);
    await t.db.updateTable("users").set({ status: "suspended" }).where("id", "=", learner.user.id).execute();
    const stream = await openEventStream(`${origin}/api/live/stream?ticket=${issued}`);
    expect(stream.status).toBe(401);
  });

  it("caps the streams one user holds open", async () => {
    const { learner } = await forum();
    for (let i = 0; i < 3; i++) await connect(learner.auth);
    const fourth = await openEventStream(`${origin}/api/live/stream?ticket=${await ticket(learner.auth)}`);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body).message).toBe(L.tooManyConnections.text);
  });

  it("ends a stream at its maximum age, so an ended session stops receiving", async () => {
    const short = await createTestApp({ env: { LIVE_STREAM_MAX_SECONDS: "1", LIVE_HEARTBEAT_SECONDS: "0.1" } });
    try {
      await short.app.listen({ port: 0, host: "127.0.0.1" });
      const learner = await makeSignedInUser(short.app, short.db);
      const bought = await short.app.inject({ method: "POST", url: "/api/live/tickets", headers: learner.auth });
      const port = (short.app.server.address() as AddressInfo).port;
      const stream = await openEventStream(
        `http://127.0.0.1:${port}/api/live/stream?ticket=${bought.json().data.ticket}`,
      );
      expect(stream.status).toBe(200);
      const started = Date.now();
      await stream.ended;
      expect(Date.now() - started).toBeGreaterThanOrEqual(800);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await short.close();
    }
  });

  it("ends open streams when the server closes, without waiting for them", async () => {
    const { learner } = await forum();
    const stream = await connect(learner.auth);
    const started = Date.now();
    await t.app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
