import { REPORT_MESSAGES, REPORT_TYPES, reportFilterNotAppliedMessage } from "@lms/contract";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import type { Database } from "../src/db/types.js";
import { USERS_CSV_HEADER } from "../src/modules/users/users-csv.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import {
  makeCategory,
  makeCourse,
  makeEnrolledLearner,
  makeSession,
  makeSignedInUser,
  makeUser,
} from "./support/factories.js";
import { TWO_TRUE_FALSE, takeQuiz } from "./support/gradebook.js";

const clock = Date.parse("2026-11-24T09:30:00.000Z");

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(clock) });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

const report = (payload: unknown, auth: Record<string, string> = admin.auth) =>
  t.app.inject({ method: "POST", url: "/api/admin/reports", headers: auth, payload: payload as object });

async function csvOf(payload: unknown) {
  const response = await report(payload);
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.body) as string[][];
}

const activity = (overrides: Partial<Database["activities"]>): Database["activities"] => ({
  id: newId(),
  user_id: null,
  type: "course_enrolled",
  title: "Enrolled",
  description: null,
  course_id: null,
  metadata: null,
  ip: null,
  user_name: null,
  user_email: null,
  user_role: null,
  course_title: null,
  course_code: null,
  created_at: "2023-01-01T00:00:00.000Z",
  ...overrides,
});

describe("POST /api/admin/reports", () => {
  it("answers the users report as a dated CSV download, the date range including both days", async () => {
    const inside = [
      await makeUser(t.db, { name: "March First", created_at: "2021-03-01T00:00:00.000Z", credits: 7 }),
      await makeUser(t.db, {
        name: "March Last",
        role: "instructor",
        email_verified: 1,
        last_login: "2021-05-01T10:00:00.000Z",
        created_at: "2021-03-31T23:59:59.999Z",
      }),
    ];
    await makeUser(t.db, { name: "February", created_at: "2021-02-28T23:59:59.999Z" });
    await makeUser(t.db, { name: "April", created_at: "2021-04-01T00:00:00.000Z" });

    const response = await report({ reportType: "users", filters: { startDate: "2021-03-01", endDate: "2021-03-31" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="users-report-2026-11-24.csv"');
    const [header, ...records] = parse(response.body) as string[][];
    expect(header).toEqual(USERS_CSV_HEADER);
    expect(records).toEqual(
      inside.map((u) => [
        u.name,
        u.email,
        u.role,
        "active",
        String(u.credits),
        u.email_verified ? "yes" : "no",
        u.last_login ?? "",
        u.created_at,
      ]),
    );

    const instructors = await csvOf({
      reportType: "users",
      filters: { startDate: "2021-03-01", endDate: "2021-03-31", role: "instructor" },
    });
    expect(instructors.slice(1).map((r) => r[0])).toEqual(["March Last"]);
  });

  it("reports courses with category, instructor, counts and average rating", async () => {
    const category = await makeCategory(t.db, "Report Category");
    const teacher = await makeUser(t.db, { role: "instructor", name: "Report Teacher" });
    const rated = await makeCourse(t.db, {
      title: "Rated",
      category_id: category.id,
      instructor_id: teacher.id,
      enrollment_count: 12,
      completion_count: 3,
      rating_count: 3,
      rating_sum: 13,
      price_credits: 40,
      created_at: "2022-05-10T08:00:00.000Z",
    });
    const draft = await makeCourse(t.db, {
      title: "Draft",
      category_id: category.id,
      instructor_id: teacher.id,
      published: 0,
      created_at: "2022-05-11T08:00:00.000Z",
    });
    await makeCourse(t.db, { created_at: "2022-06-01T00:00:00.000Z" });

    const [header, ...records] = await csvOf({
      reportType: "courses",
      filters: { startDate: "2022-05-01", endDate: "2022-05-31" },
    });
    expect(header).toEqual([
      "Code",
      "Title",
      "Category",
      "Instructor",
      "Instructor email",
      "Published",
      "Price (credits)",
      "Difficulty",
      "Enrollments",
      "Completions",
      "Average rating",
      "Created",
    ]);
    expect(records).toEqual([
      [
        rated.course_code,
        "Rated",
        "Report Category",
        "Report Teacher",
        teacher.email,
        "yes",
        "40",
        "beginner",
        "12",
        "3",
        "4.3",
        rated.created_at,
      ],
      [
        draft.course_code,
        "Draft",
        "Report Category",
        "Report Teacher",
        teacher.email,
        "no",
        "0",
        "beginner",
        "0",
        "0",
        "",
        draft.created_at,
      ],
    ]);
  });

  it("reports a course's enrollments, filtered by the learner's role and the enrollment day", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const staff = await makeEnrolledLearner(t.app, t.db, course.id);
    await t.db.updateTable("users").set({ role: "instructor" }).where("id", "=", staff.user.id).execute();
    await t.db
      .updateTable("enrollments")
      .set({ progress: 50, enrolled_at: "2024-02-02T10:00:00.000Z", last_accessed_at: "2024-02-03T10:00:00.000Z" })
      .where("user_id", "=", learner.user.id)
      .execute();
    await makeEnrolledLearner(t.app, t.db, (await makeCourse(t.db)).id);

    const [header, ...records] = await csvOf({ reportType: "enrollments", filters: { courseId: course.id } });
    expect(header).toEqual([
      "Enrolled",
      "Learner",
      "Email",
      "Role",
      "Course code",
      "Course",
      "Status",
      "Progress (%)",
      "Completed",
      "Last accessed",
    ]);
    expect(records.map((r) => r[2])).toEqual([learner.user.email, staff.user.email]);
    expect(records[0]).toEqual([
      "2024-02-02T10:00:00.000Z",
      learner.user.name,
      learner.user.email,
      "learner",
      course.course_code,
      course.title,
      "active",
      "50",
      "",
      "2024-02-03T10:00:00.000Z",
    ]);

    const learners = await csvOf({ reportType: "enrollments", filters: { courseId: course.id, role: "learner" } });
    expect(learners.slice(1).map((r) => r[2])).toEqual([learner.user.email]);
    const february = await csvOf({
      reportType: "enrollments",
      filters: { courseId: course.id, startDate: "2024-02-01", endDate: "2024-02-29" },
    });
    expect(february.slice(1).map((r) => r[2])).toEqual([learner.user.email]);
  });

  it("reports activity with the name of a deleted user, filtered by course, role and day", async () => {
    const course = await makeCourse(t.db);
    const learner = await makeUser(t.db, { name: "Active Learner" });
    const teacher = await makeUser(t.db, { role: "instructor" });
    const rows = [
      activity({
        user_id: learner.id,
        course_id: course.id,
        title: "Learner joined",
        created_at: "2023-03-05T12:00:00.000Z",
      }),
      activity({
        user_name: "Gone User",
        course_id: course.id,
        title: "Deleted user's",
        created_at: "2023-03-06T12:00:00.000Z",
      }),
      activity({
        user_id: teacher.id,
        course_id: course.id,
        type: "course_created",
        title: "Teacher",
        description: "Made it",
        created_at: "2023-03-07T12:00:00.000Z",
      }),
      activity({
        user_id: learner.id,
        course_id: course.id,
        title: "Too late",
        created_at: "2023-04-01T00:00:00.000Z",
      }),
      activity({ user_id: learner.id, title: "Elsewhere", created_at: "2023-03-05T13:00:00.000Z" }),
    ];
    await t.db.insertInto("activities").values(rows).execute();
    const march = { courseId: course.id, startDate: "2023-03-01", endDate: "2023-03-31" };

    const [header, ...records] = await csvOf({ reportType: "activity", filters: march });
    expect(header).toEqual(["Date", "User", "Email", "Role", "Type", "Title", "Description", "Course code", "Course"]);
    expect(records).toEqual([
      [
        "2023-03-05T12:00:00.000Z",
        "Active Learner",
        learner.email,
        "learner",
        "course_enrolled",
        "Learner joined",
        "",
        course.course_code,
        course.title,
      ],
      [
        "2023-03-06T12:00:00.000Z",
        "Gone User",
        "",
        "",
        "course_enrolled",
        "Deleted user's",
        "",
        course.course_code,
        course.title,
      ],
      [
        "2023-03-07T12:00:00.000Z",
        teacher.name,
        teacher.email,
        "instructor",
        "course_created",
        "Teacher",
        "Made it",
        course.course_code,
        course.title,
      ],
    ]);
    const byInstructors = await csvOf({ reportType: "activity", filters: { ...march, role: "instructor" } });
    expect(byInstructors.slice(1).map((r) => r[5])).toEqual(["Teacher"]);
  });

  it("reports sessions with their attendance", async () => {
    const course = await makeCourse(t.db, { enrollment_count: 4 });
    const attended = await makeSession(t.db, {
      course_id: course.id,
      title: "Attended",
      scheduled_at: "2025-01-10T09:00:00.000Z",
    });
    const empty = await makeSession(t.db, {
      course_id: course.id,
      title: "Empty",
      scheduled_at: "2025-01-11T09:00:00.000Z",
      duration: 30,
    });
    await makeSession(t.db, { course_id: course.id, title: "Later", scheduled_at: "2025-02-01T09:00:00.000Z" });
    await makeSession(t.db, { title: "Other course", scheduled_at: "2025-01-10T09:00:00.000Z" });
    const [one, two] = [await makeUser(t.db), await makeUser(t.db)];
    await t.db
      .insertInto("session_attendance")
      .values(
        [
          { user_id: one.id, seconds: 3000 },
          { user_id: two.id, seconds: 1200 },
        ].map((a) => ({
          id: newId(),
          session_id: attended.id,
          joined_at: "2025-01-10T09:00:00.000Z",
          left_at: "2025-01-10T10:00:00.000Z",
          present_since: null,
          ...a,
        })),
      )
      .execute();

    const [header, ...records] = await csvOf({
      reportType: "sessions",
      filters: { courseId: course.id, startDate: "2025-01-01", endDate: "2025-01-31" },
    });
    expect(header).toEqual([
      "Session",
      "Course code",
      "Course",
      "Scheduled",
      "Duration (min)",
      "Status",
      "Type",
      "Enrolled learners",
      "Attendees",
      "Attendance (%)",
      "Average minutes present",
    ]);
    expect(records).toEqual([
      [
        "Attended",
        course.course_code,
        course.title,
        attended.scheduled_at,
        "60",
        "scheduled",
        "live-class",
        "4",
        "2",
        "50",
        "35",
      ],
      [
        "Empty",
        course.course_code,
        course.title,
        empty.scheduled_at,
        "30",
        "scheduled",
        "live-class",
        "4",
        "0",
        "0",
        "",
      ],
    ]);
  });

  it("reports grades per learner and assessment as the gradebook scores them", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const quiz = await createAssessment(t.app, course.id, instructor.auth, {
      title: "Quiz one",
      questions: TWO_TRUE_FALSE,
    });
    await createAssessment(t.app, course.id, instructor.auth, {
      title: "Essay",
      type: "assignment",
      questions: [{ type: "essay", text: "Write", points: 5 }],
    });
    const taker = await makeEnrolledLearner(t.app, t.db, course.id);
    const idle = await makeEnrolledLearner(t.app, t.db, course.id);
    await takeQuiz(t.app, quiz._id, taker.auth, ["Six points"]);

    const [header, ...records] = await csvOf({ reportType: "grades", filters: { courseId: course.id } });
    expect(header).toEqual([
      "Course code",
      "Course",
      "Learner",
      "Email",
      "Assessment",
      "Type",
      "Points possible",
      "Score",
      "Percent",
      "Late",
      "Missing",
      "Needs grading",
      "Course grade (%)",
    ]);
    const gradebook = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/gradebook`,
      headers: admin.auth,
    });
    const { assessments, rows } = gradebook.json().data as {
      assessments: { title: string; type: string; totalPoints: number }[];
      rows: {
        learner: { name: string; email: string };
        grade: number | null;
        cells: { score: number | null; percent: number | null }[];
      }[];
    };
    const text = (value: number | null) => (value === null ? "" : String(value));
    const expected = rows.flatMap((row) =>
      assessments.map((a, i) => [
        course.course_code,
        course.title,
        row.learner.name,
        row.learner.email,
        a.title,
        a.type,
        String(a.totalPoints),
        text(row.cells[i].score),
        text(row.cells[i].percent),
        "no",
        "no",
        "no",
        text(row.grade),
      ]),
    );
    expect(records).toEqual(expected);
    expect(records.map((r) => [r[3], r[4], r[7]])).toEqual([
      [taker.user.email, "Quiz one", "6"],
      [taker.user.email, "Essay", ""],
      [idle.user.email, "Quiz one", ""],
      [idle.user.email, "Essay", ""],
    ]);

    const everyCourse = await csvOf({ reportType: "grades" });
    expect(everyCourse.filter((r) => r[0] === course.course_code)).toEqual(records);
  });

  it("neutralises cells a spreadsheet would run as formulas", async () => {
    const names = ["=1+2", "+SUM(A1)", "-3", "@cmd", 'Plain, "quoted"'];
    for (const name of names) await makeUser(t.db, { name, created_at: "2020-07-07T07:07:07.000Z" });
    const records = await csvOf({ reportType: "users", filters: { startDate: "2020-07-07", endDate: "2020-07-07" } });
    expect(records.slice(1).map((r) => r[0])).toEqual(["'=1+2", "'+SUM(A1)", "'-3", "'@cmd", 'Plain, "quoted"']);
  });

  it("refuses a filter the report does not have, bad dates, a bad type and an unknown course", async () => {
    const course = await makeCourse(t.db);
    const refused = [
      [
        { reportType: "users", filters: { courseId: course.id } },
        "filters.courseId",
        reportFilterNotAppliedMessage("users", "courseId"),
      ],
      [
        { reportType: "courses", filters: { role: "learner" } },
        "filters.role",
        reportFilterNotAppliedMessage("courses", "role"),
      ],
      [
        { reportType: "grades", filters: { startDate: "2024-01-01" } },
        "filters.startDate",
        "The grades report has no date range filter",
      ],
      [
        { reportType: "sessions", filters: { startDate: "2024-02-30" } },
        "filters.startDate",
        REPORT_MESSAGES.date.text,
      ],
      [
        { reportType: "activity", filters: { startDate: "2024-03-02", endDate: "2024-03-01" } },
        "filters.endDate",
        REPORT_MESSAGES.endBeforeStart.text,
      ],
      [{ reportType: "payments" }, "reportType", REPORT_MESSAGES.reportType.text],
      [{ reportType: "users", filters: { role: "king" } }, "filters.role", undefined],
      [{ reportType: "enrollments", filters: { courseId: "nope" } }, "filters.courseId", "Invalid course ID format."],
    ] as const;
    for (const [payload, path, msg] of refused) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json() as { success: boolean; errors: { path: string; msg: string }[] };
      expect(body.success).toBe(false);
      const error = body.errors.find((e) => e.path === path);
      expect(error, JSON.stringify(body)).toBeDefined();
      if (msg) expect(error?.msg).toBe(msg);
    }
    const unknown = await report({ reportType: "enrollments", filters: { courseId: newId() } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Course not found");
  });

  it("is for admins only", async () => {
    for (const role of ["learner", "instructor"] as const) {
      const user = await makeSignedInUser(t.app, t.db, role);
      for (const reportType of REPORT_TYPES) expect((await report({ reportType }, user.auth)).statusCode).toBe(403);
    }
    expect((await report({ reportType: "users" }, {})).statusCode).toBe(401);
    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
    expect((await report({ reportType: "courses" }, superAdmin.auth)).statusCode).toBe(200);
  });
});
