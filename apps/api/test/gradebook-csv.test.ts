import { GRADEBOOK_LIMITS, MESSAGES } from "@lms/contract";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

let clock = Date.parse("2031-06-01T10:00:00.000Z");
const HOUR = 3_600_000;

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(clock) });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

const exportCsv = (courseId: string, auth?: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/courses/${courseId}/gradebook.csv`, headers: auth ?? {} });

/** `count` learners enrolled straight in the database in 2020, one second apart, named in enrollment order. */
async function enrollMany(courseId: string, count: number) {
  const base = Date.parse("2020-01-01T00:00:00.000Z");
  const users = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    name: `Bulk ${String(i).padStart(4, "0")}`,
    email: `bulk-${i}-${courseId}@example.test`,
    password_hash: "not-a-real-hash",
    role: "learner",
    status: "active",
    credits: 0,
    email_verified: 0,
    last_login: null,
    bio: null,
    location: null,
    phone: null,
    website: null,
    avatar: null,
    sessions_valid_after: null,
    created_at: new Date(base).toISOString(),
    updated_at: new Date(base).toISOString(),
  }));
  for (let i = 0; i < count; i += 200) {
    const slice = users.slice(i, i + 200);
    await t.db.insertInto("users").values(slice).execute();
    await t.db
      .insertInto("enrollments")
      .values(
        slice.map((u, j) => ({
          id: newId(),
          user_id: u.id,
          course_id: courseId,
          status: "active",
          progress: 0,
          rating: null,
          enrolled_at: new Date(base + (i + j) * 1000).toISOString(),
          completed_at: null,
        })),
      )
      .execute();
  }
  return users;
}

describe("GET /api/courses/{id}/gradebook.csv", () => {
  it("streams every learner in enrollment order across export batches, with scores, grade and marks", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, course_code: "CSV 101" });
    const bulk = await enrollMany(course.id, GRADEBOOK_LIMITS.exportBatch + 3);
    const graded = await createAssessment(t.app, course.id, instructor.auth, {
      title: "Graded quiz",
      questions: TWO_TRUE_FALSE,
      dueDate: new Date(clock + HOUR).toISOString(),
    });
    await createAssessment(t.app, course.id, instructor.auth, {
      title: "Essay",
      type: "assignment",
      questions: [{ type: "essay", text: "Write", points: 5 }],
    });
    const taker = await makeEnrolledLearner(t.app, t.db, course.id);
    await takeQuiz(t.app, graded._id, taker.auth, ["Six points"]);
    clock += 2 * HOUR;

    const response = await exportCsv(course.id, instructor.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="gradebook-CSV_101-${new Date(clock).toISOString().slice(0, 10)}.csv"`,
    );
    const [header, ...records] = parse(response.body) as string[][];
    expect(header).toEqual([
      "Learner",
      "Email",
      "Graded quiz (10 pts)",
      "Essay (5 pts)",
      "Course grade (%)",
      "Missing",
      "Late",
      "Needs grading",
    ]);
    expect(records).toHaveLength(bulk.length + 1);
    expect(records.slice(0, bulk.length).map((r) => r[1])).toEqual(bulk.map((u) => u.email));
    // The bulk learners missed the quiz: 0 in the grade, listed under Missing.
    expect(records[0]).toEqual([bulk[0].name, bulk[0].email, "", "", "0", "Graded quiz", "", ""]);
    expect(records.at(-1)).toEqual([taker.user.name, taker.user.email, "6", "", "60", "", "", ""]);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    await createAssessment(t.app, course.id, instructor.auth, {
      title: '=HYPERLINK("http://evil.test")',
      questions: TWO_TRUE_FALSE,
    });
    const names = ["=1+2", "+SUM(A1)", "-3", "@cmd", 'Plain, "quoted"'];
    for (const name of names) {
      const learner = await makeEnrolledLearner(t.app, t.db, course.id);
      await t.db.updateTable("users").set({ name }).where("id", "=", learner.user.id).execute();
    }
    const response = await exportCsv(course.id, instructor.auth);
    const [header, ...records] = parse(response.body) as string[][];
    expect(header[2]).toBe('\'=HYPERLINK("http://evil.test") (10 pts)');
    expect(records.map((r) => r[0])).toEqual(["'=1+2", "'+SUM(A1)", "'-3", "'@cmd", 'Plain, "quoted"']);
  });

  it("is for the course's managers only: learners and other instructors 403, unknown course 404, anonymous 401", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    expect((await exportCsv(course.id)).statusCode).toBe(401);
    for (const outsider of [learner, otherInstructor]) {
      const response = await exportCsv(course.id, outsider.auth);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.notYourCourse.text);
    }
    expect((await exportCsv(newId(), instructor.auth)).statusCode).toBe(404);
    const byAdmin = await exportCsv(course.id, admin.auth);
    expect(byAdmin.statusCode).toBe(200);
    expect(parse(byAdmin.body)).toHaveLength(2);
  });
});
