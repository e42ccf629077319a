import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/db/connection.js";
import { createSmtpMailer, type Mailer } from "../src/mail/mailer.js";
import { finishedBackup } from "./support/backups.js";
import { createTestDb, type TestDb } from "./support/db.js";
import {
  DEFAULT_PASSWORD,
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeLessonFile,
  makeModule,
  makeSignedInUser,
  makeUser,
} from "./support/factories.js";
import { multipart, PNG } from "./support/multipart.js";
import { redisServerAvailable, startRedisServer } from "./support/redis-server.js";
import { startS3Server } from "./support/s3-server.js";
import { createSmtpServer } from "./support/smtp.js";

type Redis = Awaited<ReturnType<typeof startRedisServer>>;

/**
 * Two api processes on one database, one Redis and one S3 bucket, with caches long enough that
 * only a broadcast explains a fresh read.
 */
describe.skipIf(!redisServerAvailable())("two api processes sharing Redis and object storage", () => {
  let redis: Redis;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: Awaited<ReturnType<typeof createSmtpServer>>;
  /** E-mails each process's jobs sent. */
  const sentBy = { a: 0, b: 0 };
  let testDb: TestDb;
  let second: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;

  const counting = (name: keyof typeof sentBy): Mailer => {
    const smtpMailer = createSmtpMailer(smtp.url, "LMS <no-reply@lms.test>");
    return {
      async send(message) {
        await smtpMailer.send(message);
        sentBy[name] += 1;
      },
    };
  };

  const build = (database: Db, dataDir: string, name: keyof typeof sentBy) =>
    buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: "test-secret-that-is-at-least-32-characters-long",
        PUBLIC_URL: "http://lms.test",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        READ_CACHE_SECONDS: "60",
        AUTH_RATE_LIMIT_MAX: "4",
        REDIS_URL: redis.url,
        BACKUP_SCHEDULE: "false",
        // Both processes poll the job queue often, so they compete for every job.
        OUTBOX_POLL_MS: "20",
        ...s3.env,
      }),
      database,
      mailer: counting(name),
      logger: false,
    });

  beforeAll(async () => {
    redis = await startRedisServer();
    s3 = await startS3Server();
    smtp = await createSmtpServer();
    testDb = await createTestDb();
    second = testDb.reopen();
    a = await build(testDb.database, testDb.dataDir, "a");
    b = await build(second, testDb.dataDir, "b");
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await testDb?.cleanup();
    await redis?.stop();
    await s3?.close();
    await smtp?.stop();
  });

  const catalogueTitles = async (app: FastifyInstance, search: string) => {
    const response = await app.inject({ method: "GET", url: `/api/courses?search=${encodeURIComponent(search)}` });
    expect(response.statusCode).toBe(200);
    return response.json().data.courses.map((course: { title: string }) => course.title);
  };

  it("counts sign-in attempts of both processes against one limit", async () => {
    const user = await makeUser(testDb.database.db);
    const attempt = (app: FastifyInstance) =>
      app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: "Wrong-pass1!" } });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    // Each process alone has seen two attempts of four allowed; together they have used them all.
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  });

  it("shows a course edited through one process in the other's catalogue at once", async () => {
    const teacher = await makeSignedInUser(a, testDb.database.db, "instructor");
    const course = await makeCourse(testDb.database.db, { instructor_id: teacher.user.id, published: 1 });
    const word = course.course_code;
    expect(await catalogueTitles(b, word)).toEqual([course.title]);

    // Changed behind both processes' backs: b keeps answering from its cache...
    await testDb.database.db
      .updateTable("courses")
      .set({ title: "Behind the api" })
      .where("id", "=", course.id)
      .execute();
    expect(await catalogueTitles(b, word)).toEqual([course.title]);

    // ...until a write through a: its clear reaches b before a's answer leaves.
    const edit = await a.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}`,
      headers: teacher.auth,
      payload: { title: "Renamed on a" },
    });
    expect(edit.statusCode).toBe(200);
    await expect.poll(() => catalogueTitles(b, word), { timeout: 1000, interval: 20 }).toEqual(["Renamed on a"]);
  });

  it("clears on the other process only what a write changed: a progress report leaves its catalogue, an unpublish drops the course", async () => {
    const db = testDb.database.db;
    const admin = await makeSignedInUser(a, db, "admin");
    const learner = await makeSignedInUser(a, db, "learner");
    const course = await makeCourse(db, { published: 1 });
    const lesson = await makeLesson(db, { module_id: (await makeModule(db, { course_id: course.id })).id });
    const file = await makeLessonFile(db, { lesson_id: lesson.id });
    await makeEnrollment(db, { course_id: course.id, user_id: learner.user.id });
    const word = course.course_code;
    expect(await catalogueTitles(b, word)).toEqual([course.title]);

    await db.updateTable("courses").set({ title: "Behind the api" }).where("id", "=", course.id).execute();
    const report = await a.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
      headers: learner.auth,
      payload: { fileId: file.id, position: 0, duration: 0 },
    });
    expect(report.statusCode).toBe(200);
    // A later write of a's (one user suspended) reaching b shows b has heard everything a sent
    // before it, in order on one channel: the catalogue must still be b's cached one.
    const marker = await makeSignedInUser(a, db, "learner");
    expect((await b.inject({ method: "GET", url: "/api/auth/profile", headers: marker.auth })).statusCode).toBe(200);
    const toggle = await a.inject({
      method: "PATCH",
      url: `/api/admin/users/${marker.user.id}/toggle-status`,
      headers: admin.auth,
    });
    expect(toggle.statusCode).toBe(200);
    await expect
      .poll(
        async () => (await b.inject({ method: "GET", url: "/api/auth/profile", headers: marker.auth })).statusCode,
        {
          timeout: 1000,
          interval: 20,
        },
      )
      .toBe(401);
    expect(await catalogueTitles(b, word)).toEqual([course.title]);

    const unpublish = await a.inject({
      method: "PATCH",
      url: `/api/admin/courses/${course.id}/status`,
      headers: admin.auth,
      payload: { status: "inactive" },
    });
    expect(unpublish.statusCode).toBe(200);
    await expect.poll(() => catalogueTitles(b, word), { timeout: 1000, interval: 20 }).toEqual([]);
  });

  it("cuts off a user suspended through one process on the other at once", async () => {
    const admin = await makeSignedInUser(a, testDb.database.db, "admin");
    const learner = await makeSignedInUser(a, testDb.database.db, "learner");
    const profileOnB = () => b.inject({ method: "GET", url: "/api/auth/profile", headers: learner.auth });
    expect((await profileOnB()).statusCode).toBe(200);

    const toggle = await a.inject({
      method: "PATCH",
      url: `/api/admin/users/${learner.user.id}/toggle-status`,
      headers: admin.auth,
    });
    expect(toggle.statusCode).toBe(200);
    await expect.poll(async () => (await profileOnB()).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it("refuses on the other process at once a token signed out, and every session after a password change", async () => {
    const { user, auth: here } = await makeSignedInUser(a, testDb.database.db, "learner");
    const profileOnB = (auth: Record<string, string>) =>
      b.inject({ method: "GET", url: "/api/auth/profile", headers: auth });
    const login = { email: user.email, password: DEFAULT_PASSWORD };
    const elsewhere = await a.inject({ method: "POST", url: "/api/auth/login", payload: login });
    const other = { authorization: `Bearer ${elsewhere.json().data.token}` };
    expect((await profileOnB(here)).statusCode).toBe(200);
    expect((await profileOnB(other)).statusCode).toBe(200);

    const out = await a.inject({ method: "POST", url: "/api/auth/logout", headers: here, payload: {} });
    expect(out.statusCode, out.body).toBe(200);
    await expect.poll(async () => (await profileOnB(here)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
    expect((await profileOnB(other)).statusCode).toBe(200);

    const changed = await a.inject({
      method: "PUT",
      url: "/api/users/me/password",
      headers: other,
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: "N3wPassword" },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(async () => (await profileOnB(other)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
    expect((await profileOnB({ authorization: `Bearer ${changed.json().data.token}` })).statusCode).toBe(200);
  });

  it("streams a file uploaded through one process from the other", async () => {
    const { user, auth } = await makeSignedInUser(a, testDb.database.db);
    const picture = Buffer.concat([PNG, Buffer.alloc(64 * 1024, 7)]);
    const body = multipart({}, { field: "file", filename: "me.png", content: picture, type: "image/png" });
    const upload = await a.inject({
      method: "PUT",
      url: "/api/users/me/avatar",
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    const served = await b.inject({ method: "GET", url: `/api/users/${user.id}/avatar` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(picture)).toBe(true);
    // Nothing went to either process's disk.
    expect(existsSync(path.join(testDb.dataDir, "uploads", "avatars"))).toBe(false);
  });

  it("keeps a backup taken through one process in the bucket, so the other lists and serves it", async () => {
    const { auth } = await makeSignedInUser(a, testDb.database.db, "super_admin");
    const started = await a.inject({ method: "POST", url: "/api/admin/backup", headers: auth });
    expect(started.statusCode).toBe(202);
    const backup = await finishedBackup(b, auth, started.json().data.backup._id);
    expect(backup.status).toBe("succeeded");
    const download = await b.inject({ method: "GET", url: `/api/admin/backup/${backup._id}/download`, headers: auth });
    expect(download.statusCode).toBe(200);
    expect(createHash("sha256").update(download.rawPayload).digest("hex")).toBe(backup.checksum);
    expect(existsSync(path.join(testDb.dataDir, "backups"))).toBe(false);
  });

  it("keeps serving while Redis is down (limits not applied) and shares clears again once it is back", async () => {
    await redis.stop();
    const user = await makeUser(testDb.database.db);
    const signIn = await a.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);

    await redis.start();
    const teacher = await makeSignedInUser(a, testDb.database.db, "instructor");
    const course = await makeCourse(testDb.database.db, { instructor_id: teacher.user.id, published: 1 });
    await expect.poll(() => catalogueTitles(b, course.course_code), { timeout: 10_000 }).toEqual([course.title]);
    const rename = () =>
      a.inject({
        method: "PUT",
        url: `/api/instructor/courses/${course.id}`,
        headers: teacher.auth,
        payload: { title: "Renamed after the outage" },
      });
    // The publisher reconnects on its own schedule; a write once it is back reaches b.
    await expect
      .poll(
        async () => {
          expect((await rename()).statusCode).toBe(200);
          return catalogueTitles(b, course.course_code);
        },
        { timeout: 10_000, interval: 250 },
      )
      .toEqual(["Renamed after the outage"]);
  });

  it("runs each job enqueued through one process once, although both poll the queue", async () => {
    const admin = await makeSignedInUser(a, testDb.database.db, "admin");
    const jobs = () =>
      testDb.database.db
        .selectFrom("outbox_jobs")
        .select(["id", "status"])
        .where("type", "=", "notification.email")
        .execute();
    // Earlier tests of this file queue e-mails of their own (a completed course's certificate).
    await expect.poll(async () => (await jobs()).every((j) => j.status === "done"), { timeout: 15_000 }).toBe(true);
    const earlier = new Set((await jobs()).map((j) => j.id));
    const sentEarlier = sentBy.a + sentBy.b;
    const broadcasts = 8;
    const expected: string[] = [];
    for (let i = 0; i < broadcasts; i++) {
      const users = [await makeUser(testDb.database.db), await makeUser(testDb.database.db)];
      const title = `Scale-out mail ${i}`;
      const sent = await a.inject({
        method: "POST",
        url: "/api/admin/notifications",
        headers: admin.auth,
        payload: {
          title,
          message: "Once only.",
          channels: ["email"],
          audience: { type: "users", userIds: users.map((u) => u.id) },
        },
      });
      expect(sent.statusCode).toBe(201);
      for (const user of users) expected.push(`${user.email}|${title}`);
    }
    await expect
      .poll(async () => (await jobs()).filter((j) => !earlier.has(j.id)).map((j) => j.status), {
        timeout: 15_000,
        interval: 50,
      })
      .toEqual(Array(broadcasts).fill("done"));
    // Give both pollers a few more turns: a job run twice would show up as a second e-mail.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const received = smtp.received
      .filter((m) => m.includes("Subject: Scale-out mail"))
      .map((m) => `${m.match(/^To: (.+)$/m)?.[1]?.trim()}|${m.match(/^Subject: (.+)$/m)?.[1]?.trim()}`);
    expect(received.sort()).toEqual(expected.sort());
    expect(sentBy.a + sentBy.b - sentEarlier).toBe(expected.length);
  });
});
