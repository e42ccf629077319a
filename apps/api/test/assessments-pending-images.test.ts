import { existsSync } from "node:fs";
import path from "node:path";
import { ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { EXE, multipart, PNG } from "./support/multipart.js";

const DAY = 24 * 60 * 60_000;
let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let shiftMs = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" }, now: () => new Date(Date.now() + shiftMs) });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface Question {
  _id: string;
  text: string;
  image: { url: string; alt: string } | null;
}

const pendingUrl = (courseId: string) => `/api/instructor/courses/${courseId}/question-images`;
function uploadPending(courseId: string, auth: Auth, content = PNG, filename = "chart.png") {
  const body = multipart({}, { field: "file", filename, content });
  return t.app.inject({
    method: "POST",
    url: pendingUrl(courseId),
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}
const question = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "true_false",
  text,
  points: 1,
  correct: true,
  ...extra,
});
const createQuiz = (courseId: string, auth: Auth, questions: unknown[]) =>
  t.app.inject({
    method: "POST",
    url: `/api/instructor/courses/${courseId}/assessments`,
    headers: auth,
    payload: { title: "Quiz", published: true, questions },
  });
const pendingRows = (id: string) =>
  t.db.selectFrom("pending_question_images").selectAll().where("id", "=", id).execute();
const onDisk = (key: string) => existsSync(path.join(t.dataDir, "uploads", key));

describe("question images before the first save", () => {
  it("uploads an image for a new question, and the save makes it the question's image that the learner sees", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const uploaded = await uploadPending(course.id, instructor.auth);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const upload = uploaded.json().data.upload as { _id: string; url: string };
    const preview = await t.app.inject({ method: "GET", url: upload.url });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(PNG)).toBe(true);
    const [row] = await pendingRows(upload._id);
    expect(row.uploaded_by).toBe(instructor.user.id);

    const created = await createQuiz(course.id, instructor.auth, [
      question("This chart rises.", { imageUpload: upload._id, imageAlt: "A rising chart" }),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const saved = created.json().data.assessment as { _id: string; questions: Question[] };
    expect(saved.questions[0].image?.alt).toBe("A rising chart");
    const stored = await t.db
      .selectFrom("assessment_questions")
      .select("image_key")
      .where("id", "=", saved.questions[0]._id)
      .executeTakeFirstOrThrow();
    expect(stored.image_key).toBe(row.storage_key);
    expect(await pendingRows(upload._id)).toEqual([]);

    const started = await t.app.inject({
      method: "POST",
      url: `/api/assessments/${saved._id}/attempts`,
      headers: learner.auth,
    });
    expect(started.statusCode, started.body).toBe(201);
    const image = (started.json().data.attempt.questions as Question[])[0].image;
    expect(image?.alt).toBe("A rising chart");
    const served = await t.app.inject({ method: "GET", url: image?.url ?? "" });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Used once: a second save naming it is refused.
    const reused = await createQuiz(course.id, instructor.auth, [question("Again.", { imageUpload: upload._id })]);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0]).toMatchObject({ path: "questions.0.imageUpload", msg: M.imageUploadNotFound.text });
  });

  it("adds one to a new question of a saved assessment; the other questions keep theirs", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const first = (await uploadPending(course.id, instructor.auth)).json().data.upload._id;
    const saved = (
      await createQuiz(course.id, instructor.auth, [question("One.", { imageUpload: first, imageAlt: "First" })])
    ).json().data.assessment as { _id: string; questions: Question[] };
    const second = (await uploadPending(course.id, instructor.auth)).json().data.upload._id;
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/assessments/${saved._id}`,
      headers: instructor.auth,
      payload: {
        questions: [
          question("One.", { _id: saved.questions[0]._id, imageAlt: "First" }),
          question("Two.", { imageUpload: second, imageAlt: "Second" }),
        ],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const questions = updated.json().data.assessment.questions as Question[];
    expect(questions.map((q) => q.image?.alt)).toEqual(["First", "Second"]);
  });

  it("keeps uploads to the course's managers, and each upload to its uploader and course", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const otherCourse = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const foreign = await uploadPending(course.id, other.auth);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.notYourCourse.text);
    expect((await uploadPending(course.id, learner.auth)).statusCode).toBe(403);
    expect((await uploadPending(course.id, {})).statusCode).toBe(401);
    expect((await uploadPending(course.id, instructor.auth, EXE, "chart.png")).statusCode).toBe(415);
    expect(
      (await t.db.selectFrom("pending_question_images").selectAll().where("course_id", "=", course.id).execute())
        .length,
    ).toBe(0);

    const mine = (await uploadPending(course.id, instructor.auth)).json().data.upload._id;
    const byAdmin = await createQuiz(course.id, admin.auth, [question("Q.", { imageUpload: mine })]);
    expect(byAdmin.statusCode).toBe(400);
    expect(byAdmin.json().errors[0].msg).toBe(M.imageUploadNotFound.text);
    const elsewhere = await createQuiz(otherCourse.id, instructor.auth, [question("Q.", { imageUpload: mine })]);
    expect(elsewhere.statusCode).toBe(400);
    const twice = await createQuiz(course.id, instructor.auth, [
      question("Q1.", { imageUpload: mine }),
      question("Q2.", { imageUpload: mine }),
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ path: "questions.1.imageUpload", msg: M.imageUploadTwice.text });
    expect(await pendingRows(mine)).toHaveLength(1);
  });

  it("drops an upload never saved with a question after a day: the sweep removes its row and file", async () => {
    shiftMs = 0;
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const abandoned = (await uploadPending(course.id, instructor.auth)).json().data.upload._id;
    const used = (await uploadPending(course.id, instructor.auth)).json().data.upload._id;
    const [abandonedRow] = await pendingRows(abandoned);
    const [usedRow] = await pendingRows(used);
    expect((await createQuiz(course.id, instructor.auth, [question("Q.", { imageUpload: used })])).statusCode).toBe(
      201,
    );

    shiftMs = DAY / 2;
    await t.app.inject({ method: "POST", url: "/api/admin/storage/orphans/sweep", headers: admin.auth });
    expect(await pendingRows(abandoned)).toHaveLength(1);
    expect(onDisk(abandonedRow.storage_key)).toBe(true);

    shiftMs = DAY + 60_000;
    const late = await createQuiz(course.id, instructor.auth, [question("Late.", { imageUpload: abandoned })]);
    expect(late.statusCode).toBe(400);
    const swept = await t.app.inject({ method: "POST", url: "/api/admin/storage/orphans/sweep", headers: admin.auth });
    expect(swept.statusCode).toBe(200);
    expect(await pendingRows(abandoned)).toEqual([]);
    expect(onDisk(abandonedRow.storage_key)).toBe(false);
    expect(onDisk(usedRow.storage_key)).toBe(true);
    shiftMs = 0;
  });
});
