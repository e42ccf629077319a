import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Db } from "../src/db/connection.js";
import { createAssessment } from "./support/assessments.js";
import { createTestDb, type TestDb } from "./support/db.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

// Two api processes on one database, each keeping the gradebook rows' texts it read in memory
// (modules/gradebook/row-texts.ts): a write through either is seen by the next read through the other.

let testDb: TestDb;
let second: Db;
let a: FastifyInstance;
let b: FastifyInstance;

const build = (database: Db, dataDir: string) =>
  buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: "test-secret-that-is-at-least-32-characters-long",
      PUBLIC_URL: "http://lms.test",
      LOG_LEVEL: "silent",
      WEB_DIST: "/nonexistent",
      READ_CACHE_SECONDS: "0",
      AUTH_RATE_LIMIT_MAX: "1000",
      BACKUP_SCHEDULE: "false",
    }),
    database,
    logger: false,
  });

beforeAll(async () => {
  testDb = await createTestDb();
  second = testDb.reopen();
  a = await build(testDb.database, testDb.dataDir);
  b = await build(second, testDb.dataDir);
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await testDb?.cleanup();
});

describe("the gradebook read by two api processes", () => {
  it("serves rows kept in memory only while the stored row's token is theirs", async () => {
    const db = testDb.database.db;
    const instructor = await makeSignedInUser(a, db, "instructor");
    const course = await makeCourse(db, { instructor_id: instructor.user.id });
    const ada = await makeEnrolledLearner(a, db, course.id);
    const bob = await makeEnrolledLearner(a, db, course.id);
    const quiz = await createAssessment(a, course.id, instructor.auth, { title: "Quiz", questions: TWO_TRUE_FALSE });
    const read = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: "GET",
        url: `/api/courses/${course.id}/gradebook`,
        headers: instructor.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    const gradeOf = (body: string, userId: string) =>
      JSON.parse(body).data.rows.find((r: { learner: { _id: string } }) => r.learner._id === userId)?.grade;

    // Both read (and keep) the rows; a stored row keeps the token that names its text.
    const first = await read(a);
    expect(await read(b)).toBe(first);
    expect(await read(a)).toBe(first);
    const tokens = await db.selectFrom("gradebook_rows").select("token").where("course_id", "=", course.id).execute();
    expect(tokens).toHaveLength(2);
    expect(tokens.every((r) => typeof r.token === "string")).toBe(true);

    // A quiz handed in through one process: the other's next read has the grade.
    await takeQuiz(b, quiz._id, ada.auth, ["Six points"]);
    expect(gradeOf(await read(a), ada.user.id)).toBe(60);
    expect(gradeOf(await read(b), ada.user.id)).toBe(60);

    // A learner renamed through the other: both see the new name next.
    const renamed = await a.inject({
      method: "PUT",
      url: "/api/users/me",
      headers: bob.auth,
      payload: { name: "Bob Renamed" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(JSON.parse(await read(b)).data.rows[1].learner.name).toBe("Bob Renamed");
    const kept = await read(a);
    expect(JSON.parse(kept).data.rows[1].learner.name).toBe("Bob Renamed");

    // And what each keeps is the answer computed afresh.
    await db.deleteFrom("gradebook_rows").execute();
    expect(await read(b)).toBe(kept);
    expect(await read(a)).toBe(kept);
  });
});
