import { ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { AUTO_ONLY, createAssessment, EVERY_TYPE } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
});
afterAll(() => t.close());

const ownCourse = () => makeCourse(t.db, { instructor_id: instructor.user.id });
const base = (courseId: string) => `/api/instructor/courses/${courseId}/assessments`;
const post = (courseId: string, payload: unknown, headers = instructor.auth) =>
  t.app.inject({ method: "POST", url: base(courseId), headers, payload: payload as object });

describe("creating assessments", () => {
  it("stores the settings and every question type, totalPoints the sum of the points", async () => {
    const course = await ownCourse();
    const response = await post(course.id, {
      title: "  Week 1 quiz ",
      description: "Basics",
      type: "exam",
      published: true,
      availableFrom: "2030-01-01T09:00:00+01:00",
      dueDate: "2030-01-08T09:00:00Z",
      lateSubmissions: "accept",
      latePenaltyPercent: 10,
      latePenaltyPer: "hour",
      latePenaltyFloor: 40,
      attemptsAllowed: 3,
      scoringRule: "average",
      timeLimitMinutes: 45,
      passingScore: 60,
      shuffleQuestions: true,
      shuffleOptions: true,
      showCorrectAnswers: "after_due",
      weight: 2.5,
      questions: EVERY_TYPE,
    });
    expect(response.statusCode).toBe(201);
    const { assessment } = response.json().data;
    expect(response.json().message).toBe(M.created.text);
    expect(assessment).toMatchObject({
      title: "Week 1 quiz",
      description: "Basics",
      type: "exam",
      courseId: course.id,
      courseTitle: course.title,
      submissions: 0,
      needsGrading: 0,
      published: true,
      availableFrom: "2030-01-01T08:00:00.000Z",
      dueDate: "2030-01-08T09:00:00.000Z",
      latePenaltyPercent: 10,
      latePenaltyPer: "hour",
      latePenaltyFloor: 40,
      attemptsAllowed: 3,
      scoringRule: "average",
      timeLimitMinutes: 45,
      passingScore: 60,
      shuffleQuestions: true,
      shuffleOptions: true,
      showCorrectAnswers: "after_due",
      weight: 2.5,
      totalPoints: 20,
      questionCount: 7,
    });
    expect(assessment.questions.map((q: { type: string }) => q.type)).toEqual(EVERY_TYPE.map((q) => q.type));
    expect(assessment.questions[0].options).toEqual([
      { _id: "0", text: "Paris", correct: true },
      { _id: "1", text: "Lyon", correct: false },
    ]);
    expect(assessment.questions[3].acceptedAnswers).toEqual(["Pacific", "Pacific Ocean"]);
    expect(assessment.questions[4]).toMatchObject({ value: 3.14, tolerance: 0.005 });
    expect(assessment.questions[2].correct).toBe(false);
  });

  it("applies the defaults to a title-only draft with totalPoints (the create-item dialog)", async () => {
    const course = await ownCourse();
    const response = await post(course.id, { title: "Essay", totalPoints: 50 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.assessment).toMatchObject({
      type: "quiz",
      published: false,
      totalPoints: 50,
      attemptsAllowed: 1,
      scoringRule: "highest",
      lateSubmissions: "accept",
      showCorrectAnswers: "after_submit",
      questionCount: 0,
      dueDate: null,
    });
  });

  it("lets admins create through /api/admin", async () => {
    const course = await ownCourse();
    const response = await post(course.id, { title: "By admin", questions: AUTO_ONLY }, admin.auth);
    expect(response.statusCode).toBe(201);
    const viaAdmin = await t.app.inject({
      method: "POST",
      url: `/api/admin/courses/${course.id}/assessments`,
      headers: admin.auth,
      payload: { title: "Admin area", questions: AUTO_ONLY },
    });
    expect(viaAdmin.statusCode).toBe(201);
    expect(viaAdmin.json().data.assessment.totalPoints).toBe(12);
  });

  it.each([
    [
      "an unknown question type",
      { questions: [{ type: "matching", text: "?", points: 1 }] },
      M.invalidQuestionType.text,
    ],
    ["points above 1000", { questions: [{ type: "essay", text: "?", points: 1001 }] }, M.pointsRange.text],
    ["negative points", { questions: [{ type: "essay", text: "?", points: -1 }] }, M.pointsRange.text],
    ["a total under 1", { questions: [{ type: "essay", text: "?", points: 0.5 }] }, M.totalPointsMin.text],
    ["no questions and no totalPoints", {}, M.totalPointsMin.text],
    ["totalPoints 0", { totalPoints: 0 }, M.totalPointsMin.text],
    ["a totalPoints that is not the sum", { questions: AUTO_ONLY, totalPoints: 11 }, M.totalPointsMismatch.text],
    [
      "a single choice with two correct options",
      {
        questions: [
          {
            type: "single_choice",
            text: "?",
            points: 1,
            options: [
              { text: "a", correct: true },
              { text: "b", correct: true },
            ],
          },
        ],
      },
      M.singleChoiceOneCorrect.text,
    ],
    [
      "a multiple choice with no correct option",
      { questions: [{ type: "multiple_choice", text: "?", points: 1, options: [{ text: "a" }, { text: "b" }] }] },
      M.multipleChoiceCorrect.text,
    ],
    [
      "one option only",
      { questions: [{ type: "single_choice", text: "?", points: 1, options: [{ text: "a", correct: true }] }] },
      M.optionsCount.text,
    ],
    [
      "a short answer without accepted answers",
      { questions: [{ type: "short_answer", text: "?", points: 1, acceptedAnswers: [] }] },
      M.acceptedAnswersRequired.text,
    ],
    ["a numeric question without a value", { questions: [{ type: "numeric", text: "?", points: 1 }] }, undefined],
    [
      "a negative tolerance",
      { questions: [{ type: "numeric", text: "?", points: 1, value: 1, tolerance: -1 }] },
      M.toleranceMin.text,
    ],
    ["a blank question text", { questions: [{ type: "essay", text: "  ", points: 1 }] }, M.questionTextRequired.text],
    [
      "more than 200 questions",
      { questions: Array.from({ length: 201 }, () => ({ type: "essay", text: "?", points: 1 })) },
      M.tooManyQuestions.text,
    ],
    ["an unknown assessment type", { type: "survey", questions: AUTO_ONLY }, M.invalidType.text],
    ["a blank title", { title: " ", questions: AUTO_ONLY }, M.titleRequired.text],
    ["a bad date", { dueDate: "next week", questions: AUTO_ONLY }, M.invalidDate.text],
    [
      "a due date before available-from",
      { availableFrom: "2030-01-02T00:00:00Z", dueDate: "2030-01-01T00:00:00Z", questions: AUTO_ONLY },
      M.dueBeforeAvailable.text,
    ],
    ["publishing with no questions", { published: true, totalPoints: 10 }, M.publishNeedsQuestions.text],
    ["a floor over 100 percent", { latePenaltyFloor: 101, questions: AUTO_ONLY }, M.percentRange.text],
    ["zero attempts", { attemptsAllowed: 0, questions: AUTO_ONLY }, M.attemptsRange.text],
  ])("refuses %s with 400 and stores nothing", async (_name, body, message) => {
    const course = await ownCourse();
    const response = await post(course.id, { title: "Bad", ...body });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    expect(await t.db.selectFrom("assessments").where("course_id", "=", course.id).selectAll().execute()).toEqual([]);
  });

  it("refuses another instructor's course (403), a learner (403), an unknown course (404)", async () => {
    const course = await ownCourse();
    const body = { title: "Quiz", questions: AUTO_ONLY };
    const other = await post(course.id, body, otherInstructor.auth);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MESSAGES.notYourCourse.text);
    expect((await post(course.id, body, learner.auth)).statusCode).toBe(403);
    expect((await post("0123456789abcdef01234567", body)).statusCode).toBe(404);
  });
});

describe("listing, editing and deleting", () => {
  it("lists a course's assessments, drafts included, newest first with counts", async () => {
    const course = await ownCourse();
    const first = await createAssessment(t.app, course.id, instructor.auth, { title: "First" });
    const second = await createAssessment(t.app, course.id, instructor.auth, { title: "Draft", published: false });
    const response = await t.app.inject({ method: "GET", url: base(course.id), headers: instructor.auth });
    expect(response.statusCode).toBe(200);
    const list = response.json().data.assessments;
    expect(list.map((a: { _id: string }) => a._id)).toEqual([second._id, first._id]);
    expect(list[0]).toMatchObject({ published: false, questionCount: 5, submissions: 0, totalPoints: 12 });
    expect(list[0].questions).toBeUndefined();
    const forbidden = await t.app.inject({ method: "GET", url: base(course.id), headers: otherInstructor.auth });
    expect(forbidden.statusCode).toBe(403);
  });

  it("updates only what is sent; questions replace the list, kept ids stay", async () => {
    const course = await ownCourse();
    const created = await createAssessment(t.app, course.id, instructor.auth, { title: "Before" });
    const kept = created.questions[1]._id;
    const url = `${base(course.id)}/${created._id}`;
    const renamed = await t.app.inject({ method: "PUT", url, headers: instructor.auth, payload: { title: "After" } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.assessment).toMatchObject({ title: "After", totalPoints: 12, questionCount: 5 });

    const replaced = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: {
        questions: [
          { ...AUTO_ONLY[1], _id: kept },
          { type: "essay", text: "Why?", points: 7 },
        ],
      },
    });
    expect(replaced.statusCode).toBe(200);
    const { assessment } = replaced.json().data;
    expect(assessment.totalPoints).toBe(10);
    expect(assessment.questions.map((q: { _id: string }) => q._id)[0]).toBe(kept);
    expect(assessment.questions[1].type).toBe("essay");

    const foreignId = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { questions: [{ ...AUTO_ONLY[0], _id: "0123456789abcdef01234567" }] },
    });
    expect(foreignId.statusCode).toBe(400);
    expect(foreignId.json().message).toBe(M.unknownQuestionId.text);
    const mismatch = await t.app.inject({ method: "PUT", url, headers: instructor.auth, payload: { totalPoints: 3 } });
    expect(mismatch.statusCode).toBe(400);
  });

  it("answers 404 for another course's assessment id and 403 for another instructor", async () => {
    const course = await ownCourse();
    const otherCourse = await ownCourse();
    const created = await createAssessment(t.app, otherCourse.id, instructor.auth, {});
    const crossCourse = `${base(course.id)}/${created._id}`;
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await t.app.inject({
        method,
        url: crossCourse,
        headers: instructor.auth,
        payload: { title: "x" },
      });
      expect(response.statusCode, method).toBe(404);
    }
    const results = await t.app.inject({ method: "GET", url: `${crossCourse}/results`, headers: instructor.auth });
    expect(results.statusCode).toBe(404);
    const stranger = await t.app.inject({
      method: "PUT",
      url: `${base(otherCourse.id)}/${created._id}`,
      headers: otherInstructor.auth,
      payload: { title: "Hijacked" },
    });
    expect(stranger.statusCode).toBe(403);
    const row = await t.db.selectFrom("assessments").select("title").where("id", "=", created._id).executeTakeFirst();
    expect(row?.title).toBe("Quiz");
  });

  it("deletes an assessment with its questions and attempts", async () => {
    const course = await ownCourse();
    const created = await createAssessment(t.app, course.id, instructor.auth, {});
    const taker = await makeEnrolledLearner(t.app, t.db, course.id);
    await t.app.inject({ method: "POST", url: `/api/assessments/${created._id}/attempts`, headers: taker.auth });
    const response = await t.app.inject({
      method: "DELETE",
      url: `${base(course.id)}/${created._id}`,
      headers: instructor.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(M.deleted.text);
    for (const table of ["assessment_questions", "assessment_attempts"] as const) {
      const rows = await t.db.selectFrom(table).selectAll().where("assessment_id", "=", created._id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});

describe("deleting the course", () => {
  it("removes its assessments, questions, attempts and answers", async () => {
    const course = await ownCourse();
    const created = await createAssessment(t.app, course.id, instructor.auth, {});
    const taker = await makeEnrolledLearner(t.app, t.db, course.id);
    const attempt = (
      await t.app.inject({ method: "POST", url: `/api/assessments/${created._id}/attempts`, headers: taker.auth })
    ).json().data.attempt;
    await t.app.inject({
      method: "PUT",
      url: `/api/attempts/${attempt._id}/answers`,
      headers: taker.auth,
      payload: { answers: [{ questionId: attempt.questions[0]._id, value: "0" }] },
    });
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${course.id}`,
      headers: instructor.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.selectFrom("assessments").selectAll().where("id", "=", created._id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom("assessment_answers").selectAll().where("attempt_id", "=", attempt._id).execute(),
    ).toEqual([]);
  });
});

describe("instructor dashboard", () => {
  it("shows the newest assessments of one's own courses (admins: all), 5 by default, with the total and published count", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const published = i < 2;
      ids.push((await createAssessment(t.app, course.id, teacher.auth, { title: `A${i}`, published }))._id);
    }
    await createAssessment(t.app, (await ownCourse()).id, instructor.auth, { title: "Not theirs" });

    const response = await t.app.inject({
      method: "GET",
      url: "/api/instructor/dashboard/assessments",
      headers: teacher.auth,
    });
    expect(response.statusCode).toBe(200);
    const { assessments, total, active } = response.json().data;
    expect(total).toBe(6);
    expect(active).toBe(2);
    expect(assessments.map((a: { _id: string }) => a._id)).toEqual(ids.slice(1).reverse());
    expect(assessments[0].courseTitle).toBe(course.title);

    const forAdmin = await t.app.inject({
      method: "GET",
      url: "/api/instructor/dashboard/assessments?limit=100",
      headers: admin.auth,
    });
    const all = forAdmin.json().data;
    expect(all.total).toBeGreaterThanOrEqual(7);
    expect(all.assessments.some((a: { title: string }) => a.title === "Not theirs")).toBe(true);
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/instructor/dashboard/assessments",
      headers: learner.auth,
    });
    expect(refused.statusCode).toBe(403);
  });
});
