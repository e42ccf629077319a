import { ASSESSMENT_WORKSPACE_MESSAGES, ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment, EVERY_TYPE } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

const NOW = "2031-06-01T12:00:00.000Z";
const UNKNOWN_ID = "0123456789abcdef01234567";

let t: TestContext;
type User = Awaited<ReturnType<typeof makeSignedInUser>>;
let teacher: User;
let other: User;
let admin: User;
let learner: User;
let algebraId: string;
let biologyId: string;
let otherCourseId: string;
let openExamId: string;
let otherQuizId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(NOW) });
  teacher = await makeSignedInUser(t.app, t.db, "instructor");
  other = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
  algebraId = (await makeCourse(t.db, { instructor_id: teacher.user.id, title: "Algebra" })).id;
  biologyId = (await makeCourse(t.db, { instructor_id: teacher.user.id, title: "Biology" })).id;
  otherCourseId = (await makeCourse(t.db, { instructor_id: other.user.id, title: "Other's course" })).id;

  // Created oldest first: the list shows them newest first.
  await createAssessment(t.app, algebraId, teacher.auth, {
    title: "Draft quiz",
    published: false,
    questions: [],
    totalPoints: 5,
  });
  const openExam = await createAssessment(t.app, algebraId, teacher.auth, {
    title: "Open exam",
    type: "exam",
    dueDate: "2031-07-01T00:00:00Z",
    questions: EVERY_TYPE,
  });
  openExamId = openExam._id;
  await createAssessment(t.app, biologyId, teacher.auth, {
    title: "Past 100%_done assignment",
    type: "assignment",
    dueDate: "2031-05-01T00:00:00Z",
  });
  await createAssessment(t.app, biologyId, teacher.auth, {
    title: "Upcoming quiz",
    availableFrom: "2031-06-15T00:00:00Z",
  });
  otherQuizId = (await createAssessment(t.app, otherCourseId, other.auth, { title: "Other quiz" }))._id;

  // One learner answers the essay and submits: one submission, waiting for a hand grade.
  const taker = await makeEnrolledLearner(t.app, t.db, algebraId);
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${openExamId}/attempts`,
    headers: taker.auth,
  });
  const attempt = started.json().data.attempt as { _id: string; questions: { _id: string; type: string }[] };
  const essay = attempt.questions.find((q) => q.type === "essay");
  await t.app.inject({
    method: "PUT",
    url: `/api/attempts/${attempt._id}/answers`,
    headers: taker.auth,
    payload: { answers: [{ questionId: essay?._id, value: "A function that calls itself." }] },
  });
  const submitted = await t.app.inject({
    method: "POST",
    url: `/api/attempts/${attempt._id}/submit`,
    headers: taker.auth,
  });
  if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.body}`);
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const list = (auth: Auth, query = "") =>
  t.app.inject({ method: "GET", url: `/api/instructor/assessments${query}`, headers: auth });
const titles = (response: Awaited<ReturnType<typeof list>>) =>
  response.json().data.assessments.map((a: { title: string }) => a.title);
const getOne = (auth: Auth, id: string) =>
  t.app.inject({ method: "GET", url: `/api/instructor/assessments/${id}`, headers: auth });
const duplicate = (auth: Auth, id: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/instructor/assessments/${id}/duplicate`,
    headers: auth,
    payload: payload as object,
  });

describe("GET /api/instructor/assessments", () => {
  it("lists the assessments of the instructor's own courses, newest first, with course and counts", async () => {
    const response = await list(teacher.auth);
    expect(response.statusCode).toBe(200);
    expect(titles(response)).toEqual(["Upcoming quiz", "Past 100%_done assignment", "Open exam", "Draft quiz"]);
    expect(response.json().data.pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
    expect(response.json().data.assessments[2]).toMatchObject({
      _id: openExamId,
      courseId: algebraId,
      courseTitle: "Algebra",
      type: "exam",
      published: true,
      submissions: 1,
      needsGrading: 1,
      totalPoints: 20,
      questionCount: 7,
    });
    expect(response.json().data.assessments[2].questions).toBeUndefined();
    expect(titles(await list(other.auth))).toEqual(["Other quiz"]);
  });

  it("lists every course's assessments for admins", async () => {
    const all = titles(await list(admin.auth, "?limit=100"));
    expect(all).toEqual(expect.arrayContaining(["Other quiz", "Open exam", "Draft quiz", "Upcoming quiz"]));
  });

  it("refuses learners and signed-out callers", async () => {
    expect((await list(learner.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/instructor/assessments" })).statusCode).toBe(401);
  });

  it("filters by course, type and search, wildcards taken literally", async () => {
    expect(titles(await list(teacher.auth, `?courseId=${biologyId}`))).toEqual([
      "Upcoming quiz",
      "Past 100%_done assignment",
    ]);
    expect(titles(await list(teacher.auth, "?type=quiz"))).toEqual(["Upcoming quiz", "Draft quiz"]);
    expect(titles(await list(teacher.auth, `?courseId=${algebraId}&type=exam`))).toEqual(["Open exam"]);
    expect(titles(await list(teacher.auth, "?search=EXAM"))).toEqual(["Open exam"]);
    expect(titles(await list(teacher.auth, "?search=100%25_"))).toEqual(["Past 100%_done assignment"]);
    expect(titles(await list(teacher.auth, "?search=_"))).toEqual(["Past 100%_done assignment"]);
  });

  it.each([
    ["draft", ["Draft quiz"]],
    ["published", ["Upcoming quiz", "Past 100%_done assignment", "Open exam"]],
    ["upcoming", ["Upcoming quiz"]],
    ["open", ["Open exam"]],
    ["past_due", ["Past 100%_done assignment"]],
    ["needs_grading", ["Open exam"]],
  ])("filters by state %s (judged at the server's clock)", async (state, expected) => {
    const response = await list(teacher.auth, `?state=${state}`);
    expect(titles(response)).toEqual(expected);
    expect(response.json().data.pagination.total).toBe(expected.length);
  });

  it("matches nothing for a course the instructor does not manage", async () => {
    const response = await list(teacher.auth, `?courseId=${otherCourseId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ assessments: [], pagination: { total: 0 } });
    expect(titles(await list(admin.auth, `?courseId=${otherCourseId}`))).toEqual(["Other quiz"]);
  });

  it("pages on the server", async () => {
    const first = await list(teacher.auth, "?limit=3");
    expect(titles(first)).toEqual(["Upcoming quiz", "Past 100%_done assignment", "Open exam"]);
    expect(first.json().data.pagination).toEqual({ page: 1, limit: 3, total: 4, pages: 2 });
    expect(titles(await list(teacher.auth, "?limit=3&page=2"))).toEqual(["Draft quiz"]);
  });

  it.each([
    "?limit=101",
    "?page=0",
    "?type=survey",
    "?state=closed",
    "?courseId=not-an-id",
    `?search=${"x".repeat(101)}`,
  ])("answers %s with 400 and a message", async (query) => {
    const response = await list(teacher.auth, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe("GET /api/instructor/assessments/:assessmentId", () => {
  it("answers the assessment with its questions and key for the course's instructor and admins", async () => {
    for (const auth of [teacher.auth, admin.auth]) {
      const response = await getOne(auth, openExamId);
      expect(response.statusCode).toBe(200);
      const { assessment } = response.json().data;
      expect(assessment).toMatchObject({ _id: openExamId, courseId: algebraId, title: "Open exam", submissions: 1 });
      expect(assessment.questions.map((q: { type: string }) => q.type)).toEqual(EVERY_TYPE.map((q) => q.type));
      expect(assessment.questions[0].options[0]).toMatchObject({ text: "Paris", correct: true });
    }
  });

  it("refuses the instructor of another course (403), unknown ids (404) and learners (403)", async () => {
    expect((await getOne(other.auth, openExamId)).statusCode).toBe(403);
    const unknown = await getOne(teacher.auth, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.notFound.text);
    expect((await getOne(learner.auth, openExamId)).statusCode).toBe(403);
    expect((await getOne(teacher.auth, "nope")).statusCode).toBe(400);
  });
});

describe("POST /api/instructor/assessments/:assessmentId/duplicate", () => {
  it("copies settings and questions as a draft into another course one manages, without attempts", async () => {
    const response = await duplicate(teacher.auth, openExamId, { courseId: biologyId });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(ASSESSMENT_WORKSPACE_MESSAGES.duplicated.text);
    const copy = response.json().data.assessment;
    const original = (await getOne(teacher.auth, openExamId)).json().data.assessment;
    expect(copy).toMatchObject({
      courseId: biologyId,
      courseTitle: "Biology",
      title: "Open exam",
      type: "exam",
      published: false,
      dueDate: original.dueDate,
      totalPoints: 20,
      submissions: 0,
      needsGrading: 0,
    });
    expect(copy._id).not.toBe(openExamId);
    const strip = (questions: { _id: string }[]) => questions.map(({ _id, ...rest }) => rest);
    expect(strip(copy.questions)).toEqual(strip(original.questions));
    const originalIds = new Set(original.questions.map((q: { _id: string }) => q._id));
    expect(copy.questions.some((q: { _id: string }) => originalIds.has(q._id))).toBe(false);
    // The original is untouched.
    expect(original).toMatchObject({ courseId: algebraId, published: true, submissions: 1 });
  });

  it("marks a copy in the same course as a copy", async () => {
    const response = await duplicate(teacher.auth, openExamId, { courseId: algebraId });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.assessment).toMatchObject({ title: "Open exam (copy)", courseId: algebraId });
  });

  it("lets admins copy between any courses", async () => {
    const response = await duplicate(admin.auth, otherQuizId, { courseId: algebraId });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.assessment).toMatchObject({ title: "Other quiz", courseId: algebraId });
  });

  it("refuses another instructor's source or target course (403) and unknown ids (404)", async () => {
    const foreignSource = await duplicate(teacher.auth, otherQuizId, { courseId: algebraId });
    expect(foreignSource.statusCode).toBe(403);
    const foreignTarget = await duplicate(teacher.auth, openExamId, { courseId: otherCourseId });
    expect(foreignTarget.statusCode).toBe(403);
    expect(foreignTarget.json().message).toBe(MESSAGES.notYourCourse.text);
    expect((await duplicate(teacher.auth, UNKNOWN_ID, { courseId: algebraId })).statusCode).toBe(404);
    const unknownCourse = await duplicate(teacher.auth, openExamId, { courseId: UNKNOWN_ID });
    expect(unknownCourse.statusCode).toBe(404);
    expect(unknownCourse.json().message).toBe(MESSAGES.courseNotFound.text);
    expect(titles(await list(other.auth))).toEqual(["Other quiz"]);
  });

  it.each([{}, { courseId: "x" }])("answers the body %j with 400", async (payload) => {
    const response = await duplicate(teacher.auth, openExamId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe("rich question text", () => {
  const hostile = [
    "<p>Which is <b>bold</b>, <i>italic</i> or <code>x &lt; 1</code>?</p>",
    '<script>alert("x")</script><img src="x" onerror="alert(1)">',
    '<ul><li onclick="steal()">one</li></ul><a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a>',
  ].join("");
  const safe = [
    "<p>Which is <b>bold</b>, <i>italic</i> or <code>x &lt; 1</code>?</p>",
    "<ul><li>one</li></ul>",
    '<a target="_blank" rel="noopener noreferrer nofollow">bad</a> ',
    '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a>',
  ].join("");
  const question = (text: string) => ({ type: "true_false", text, points: 1, correct: true });

  it("strips scripts, event handlers and unsafe links on create and update, and learners get the clean text", async () => {
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: teacher.auth,
      payload: { title: "Rich", published: true, questions: [question(hostile)] },
    });
    expect(created.statusCode).toBe(201);
    const assessment = created.json().data.assessment;
    expect(assessment.questions[0].text).toBe(safe);

    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}`,
      headers: teacher.auth,
      payload: { questions: [question(`<em>Now</em><svg onload="alert(1)"></svg>${hostile}`)] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.assessment.questions[0].text).toBe(`<em>Now</em>${safe}`);

    const taker = await makeEnrolledLearner(t.app, t.db, course.id);
    const started = await t.app.inject({
      method: "POST",
      url: `/api/assessments/${assessment._id}/attempts`,
      headers: taker.auth,
    });
    expect(started.statusCode).toBe(201);
    const served = started.json().data.attempt.questions[0].text as string;
    expect(served).toBe(`<em>Now</em>${safe}`);
    expect(served).not.toMatch(/script|onerror|onload|onclick|javascript:/i);
  });

  it("refuses a question whose text is only markup, naming the question", async () => {
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: teacher.auth,
      payload: { title: "Empty", questions: [question("Fine"), question("<p><br></p><script>x()</script>&nbsp;")] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject([{ path: "questions.1.text", msg: M.questionTextRequired.text }]);
    expect(titles(await list(teacher.auth, "?search=empty"))).toEqual([]);
  });
});
