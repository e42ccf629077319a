import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/db/connection.js";
import { createTestDb, type TestDb } from "./support/db.js";
import { type EventStreamClient, openEventStream, type ReceivedEvent } from "./support/event-stream.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { redisServerAvailable, startRedisServer } from "./support/redis-server.js";
import { startServerProcess } from "./support/server-process.js";

const SECRET = "test-secret-that-is-at-least-32-characters-long";

/**
 * Two api processes on one database and one real Redis: this test's own app (A) and the real entry
 * point in a child process (B), each with its own listening server. What happens through one reaches
 * the streams connected to the other (and only through Redis: B's events never pass through A's memory).
 */
describe.skipIf(!redisServerAvailable())("live updates across two api processes sharing Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let testDb: TestDb;
  let a: FastifyInstance;
  let processB: Awaited<ReturnType<typeof startServerProcess>>;
  const open: EventStreamClient[] = [];

  const build = (database: Db, dataDir: string) =>
    buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        PUBLIC_URL: "http://lms.test",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        REDIS_URL: redis.url,
        BACKUP_SCHEDULE: "false",
        OUTBOX_POLL_MS: "0",
        LIVE_HEARTBEAT_SECONDS: "0.2",
      }),
      database,
      mailer: { send: async () => undefined },
      logger: false,
    });

  let originA: string;

  beforeAll(async () => {
    redis = await startRedisServer();
    testDb = await createTestDb();
    a = await build(testDb.database, testDb.dataDir);
    await a.listen({ port: 0, host: "127.0.0.1" });
    originA = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
    processB = await startServerProcess({
      DATABASE_URL: testDb.url,
      DATA_DIR: testDb.dataDir,
      JWT_SECRET: SECRET,
      REDIS_URL: redis.url,
      SEED_DEMO: "false",
      OUTBOX_POLL_MS: "0",
      LIVE_HEARTBEAT_SECONDS: "0.2",
      LOG_LEVEL: "error",
    });
  }, 120_000);
  afterAll(async () => {
    for (const stream of open) stream.close();
    await processB?.stop();
    await a?.close();
    await testDb?.cleanup();
    await redis?.stop();
  });

  /** A call to A (in this process) or B (over HTTP), answering its status and JSON body. */
  async function call(on: "a" | "b", url: string, auth: Record<string, string>, payload?: object) {
    const response = await fetch(`${on === "a" ? originA : processB.base}${url}`, {
      method: "POST",
      headers: { ...auth, ...(payload ? { "content-type": "application/json" } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return { status: response.status, body: await response.json() };
  }

  /** A ticket bought on one process opens a stream on the other. */
  async function connect(buyOn: "a" | "b", streamOn: "a" | "b", auth: Record<string, string>, lastEventId?: string) {
    const bought = await call(buyOn, "/api/live/tickets", auth);
    expect(bought.status).toBe(200);
    const stream = await openEventStream(
      `${streamOn === "a" ? originA : processB.base}/api/live/stream?ticket=${bought.body.data.ticket}`,
      lastEventId ? { "last-event-id": lastEventId } : {},
    );
    expect(stream.status, stream.body).toBe(200);
    open.push(stream);
    const start = Date.now();
    while (!stream.comments.includes("keep-alive") && Date.now() - start < 3000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return stream;
  }

  const post = async (on: "a" | "b", url: string, auth: Record<string, string>, payload: object) => {
    const response = await call(on, url, auth, payload);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  const about =
    (threadId: string, change: string) =>
    ({ data }: ReceivedEvent) =>
      data.type === "discussion" && data.threadId === threadId && data.change === change;

  async function forum() {
    const teacher = await makeSignedInUser(a, testDb.database.db, "instructor");
    const course = await makeCourse(testDb.database.db, { instructor_id: teacher.user.id });
    const learner = await makeEnrolledLearner(a, testDb.database.db, course.id);
    return { teacher, learner, base: `/api/courses/${course.id}/discussions` };
  }

  it("delivers a reply posted through process A to a page connected to process B, with its notification", async () => {
    const { teacher, learner, base } = await forum();
    const thread = (await post("b", base, learner.auth, { title: "Help", body: "<p>Stuck</p>" })).thread._id;

    const onB = await connect("a", "b", learner.auth);
    await post("a", `${base}/${thread}/replies`, teacher.auth, { body: "<p>Try this</p>" });
    await onB.waitFor(about(thread, "reply"));
    await onB.waitFor(({ data }) => data.type === "notification");
  });

  it("delivers a reply posted through process B to a page connected to process A", async () => {
    const { teacher, learner, base } = await forum();
    const thread = (await post("a", base, learner.auth, { title: "Help", body: "<p>Stuck</p>" })).thread._id;

    const onA = await connect("b", "a", learner.auth);
    await post("b", `${base}/${thread}/replies`, teacher.auth, { body: "<p>Try this</p>" });
    await onA.waitFor(about(thread, "reply"));
    await onA.waitFor(({ data }) => data.type === "notification");
  });

  it("catches up through Redis on the other process after a dropped connection", async () => {
    const { teacher, learner, base } = await forum();
    const onA = await connect("a", "a", learner.auth);
    const seen = (await post("a", base, teacher.auth, { title: "Seen", body: "<p>1</p>" })).thread._id;
    const last = await onA.waitFor(about(seen, "thread"));
    onA.close();
    const missed = (await post("a", base, teacher.auth, { title: "Missed", body: "<p>2</p>" })).thread._id;

    const onB = await connect("b", "b", learner.auth, last.id);
    await onB.waitFor(about(missed, "thread"));
    expect(onB.events.some(about(seen, "thread"))).toBe(false);
  });

  it("keeps events only for users online within the retention window, not for a course's absent learners", async () => {
    const { teacher, learner, base } = await forum();
    const absent = await makeEnrolledLearner(a, testDb.database.db, base.split("/")[3]);
    const online = await connect("a", "b", learner.auth);
    const thread = (await post("a", base, teacher.auth, { title: "News", body: "<p>3</p>" })).thread._id;
    await online.waitFor(about(thread, "thread"));
    const client = new Redis(redis.url);
    try {
      expect(await client.xlen(`lms:live:user:${learner.user.id}`)).toBe(1);
      expect(await client.exists(`lms:live:user:${absent.user.id}`)).toBe(0);
    } finally {
      client.disconnect();
    }
  });

  it("tells open streams to refetch once Redis is back, since events may have been missed meanwhile", async () => {
    const { learner } = await forum();
    const onA = await connect("a", "a", learner.auth);
    await redis.stop();
    await redis.start();
    await onA.waitFor(({ data }) => data.type === "refetch", 15_000);
  }, 30_000);
});
