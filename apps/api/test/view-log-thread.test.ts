import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWishing } from "../src/db/write-wish.js";
import { createViewWriter } from "../src/modules/activities/view-writer.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner } from "./support/factories.js";

// On SQLite, view entries are written by a thread of their own over a connection of its own (view-writer.ts).
describe.runIf(process.env.TEST_DIALECT !== "postgres")("view entries on SQLite", () => {
  let t: TestContext;
  let other: SqliteDatabase.Database;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
    other = new SqliteDatabase(path.join(t.dataDir, "test.db"));
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  const views = (userId: string) =>
    t.db
      .selectFrom("activities")
      .select("id")
      .where("user_id", "=", userId)
      .where("type", "=", "course_view")
      .execute();

  it("wait for another connection's write lock off the api's thread, which goes on answering", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const detail = () =>
      t.app.inject({ method: "GET", url: `/api/courses/${course.id}/detail`, headers: learner.auth });
    expect((await detail()).statusCode).toBe(200);

    other.exec("begin immediate");
    let flushed = false;
    const flushing = t.app.viewLog.flush().then(() => {
      flushed = true;
    });
    try {
      // Written on the api's thread, the insert would block it until SQLite gave up on the lock (5 s).
      for (let i = 0; i < 5; i++) expect((await detail()).statusCode).toBe(200);
      expect(flushed).toBe(false);
      expect(await views(learner.user.id)).toEqual([]);
    } finally {
      other.exec("commit");
    }
    await flushing;
    await t.app.viewLog.flush();
    expect(await views(learner.user.id)).toHaveLength(6);
  });

  it("wait while the api's connection wants the write lock: from its transaction's begin to its commit", async () => {
    const wish = t.database.writeWish;
    if (!wish) throw new Error("a SQLite file database has a write wish");
    await t.db.selectFrom("users").select("id").limit(1).execute();
    expect(isWishing(wish)).toBe(false);
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom("users").select("id").limit(1).execute();
      expect(isWishing(wish)).toBe(true);
    });
    expect(isWishing(wish)).toBe(false);

    const course = await makeCourse(t.db);
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/detail`, headers: learner.auth });
    Atomics.store(wish, 0, 1);
    let flushed = false;
    const flushing = t.app.viewLog.flush().then(() => {
      flushed = true;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(flushed).toBe(false);
      expect(await views(learner.user.id)).toEqual([]);
    } finally {
      Atomics.store(wish, 0, 0);
    }
    await flushing;
    expect(await views(learner.user.id)).toHaveLength(1);
  });

  it("do not fail the api's transactions: one takes the write lock before it reads", async () => {
    other.pragma("busy_timeout = 0");
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom("users").select("id").limit(1).execute();
      // A transaction that only took its lock at its first write would let this one commit first.
      expect(() => other.exec("insert into activity_totals (scope, type, count) values ('x', 'login', 1)")).toThrow(
        /locked|busy/i,
      );
      await trx.updateTable("users").set({ updated_at: new Date().toISOString() }).where("id", "=", "none").execute();
    });
  });

  it("are written on the api's thread when their own thread cannot start", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const errors: unknown[] = [];
    const log = { error: (details: unknown) => void errors.push(details) } as unknown as FastifyBaseLogger;
    // The thread opens the file itself: one it cannot create makes it fail as it starts.
    const writer = createViewWriter({ ...t.database, file: path.join(t.dataDir, "missing", "test.db") }, log);
    await writer.write([
      { userId: learner.user.id, type: "course_view", title: "Viewed the course", courseId: course.id },
    ]);
    await writer.close();
    expect(await views(learner.user.id)).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});
