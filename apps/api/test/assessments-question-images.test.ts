import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { EXE, multipart, PNG } from "./support/multipart.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface Image {
  url: string;
  alt: string;
}
interface WithImage {
  _id: string;
  text: string;
  image: Image | null;
}

/** The first bytes of a GIF image. */
const GIF = Buffer.concat([Buffer.from("GIF89a", "ascii"), Buffer.alloc(64, 3)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const QUESTIONS = [
  { type: "true_false", text: "This chart rises.", points: 1, correct: true, imageAlt: "A line chart rising" },
  { type: "true_false", text: "No picture here.", points: 1, correct: true },
];

async function setup() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const assessment = await createAssessment(t.app, course.id, instructor.auth, { questions: QUESTIONS });
  const questionId = assessment.questions[0]._id;
  const url = `/api/instructor/courses/${course.id}/assessments/${assessment._id}/questions/${questionId}/image`;
  return { course, learner, assessment, questionId, url };
}

function upload(url: string, auth: Auth, filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const body = multipart(fields, { field: "file", filename, content });
  return t.app.inject({ method: "POST", url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

const imageOf = (assessment: { questions: WithImage[] }, text = QUESTIONS[0].text) =>
  assessment.questions.find((q) => q.text === text)?.image ?? null;

const storedImages = () => {
  const dir = path.join(t.dataDir, "uploads", "question-images");
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

async function startAttempt(assessmentId: string, auth: Auth) {
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessmentId}/attempts`,
    headers: auth,
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json().data.attempt as { _id: string; questions: WithImage[] };
}

describe("question images", () => {
  it("uploads an image with its alt text; managers and the learner in their attempt read it by a signed link", async () => {
    const { assessment, learner, url } = await setup();
    const response = await upload(url, instructor.auth, "../../chart.png", PNG);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(M.imageUploaded.text);
    const image = imageOf(response.json().data.assessment) as Image;
    expect(image.alt).toBe("A line chart rising");
    expect(imageOf(response.json().data.assessment, QUESTIONS[1].text)).toBeNull();

    const served = await t.app.inject({ method: "GET", url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers["content-security-policy"]).toContain("default-src 'none'");
    const forged = await t.app.inject({ method: "GET", url: image.url.replace(/sig=[^&]+/, "sig=forged") });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MESSAGES.invalidMediaLink.text);
    const unsigned = await t.app.inject({ method: "GET", url: image.url.split("?")[0] });
    expect(unsigned.statusCode).toBe(400);

    const attempt = await startAttempt(assessment._id, learner.auth);
    const inAttempt = imageOf(attempt) as Image;
    expect(inAttempt.alt).toBe("A line chart rising");
    expect((await t.app.inject({ method: "GET", url: inAttempt.url })).rawPayload.equals(PNG)).toBe(true);
    // Learners read the assessment itself without questions, so without links.
    const read = await t.app.inject({
      method: "GET",
      url: `/api/assessments/${assessment._id}`,
      headers: learner.auth,
    });
    expect(read.json().data.questions).toBeUndefined();
  });

  it("keeps a learner of another course, and other instructors, away from the image", async () => {
    const { assessment, learner, url } = await setup();
    await upload(url, instructor.auth, "chart.png", PNG);
    const attempt = await startAttempt(assessment._id, learner.auth);

    const otherCourse = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const stranger = await makeEnrolledLearner(t.app, t.db, otherCourse.id);
    const headers = stranger.auth;
    expect((await t.app.inject({ method: "GET", url: `/api/assessments/${assessment._id}`, headers })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: "POST", url: `/api/assessments/${assessment._id}/attempts`, headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers })).statusCode).toBe(404);
    expect((await upload(url, stranger.auth, "x.png", PNG)).statusCode).toBe(403);
    const other = await upload(url, otherInstructor.auth, "x.png", PNG);
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url, headers: otherInstructor.auth })).statusCode).toBe(403);
  });

  it("replaces and removes the image; attempts keep the image they were served", async () => {
    const { assessment, learner, url } = await setup();
    const before = storedImages();
    const first = imageOf((await upload(url, instructor.auth, "a.png", PNG)).json().data.assessment) as Image;
    const attempt = await startAttempt(assessment._id, learner.auth);

    const second = await upload(url, instructor.auth, "b.gif", GIF, { alt: "A bar chart" });
    expect(second.statusCode, second.body).toBe(201);
    const replaced = imageOf(second.json().data.assessment) as Image;
    expect(replaced.alt).toBe("A bar chart");
    const servedNew = await t.app.inject({ method: "GET", url: replaced.url });
    expect(servedNew.headers["content-type"]).toBe("image/gif");
    // The old file is still served inside the attempt that showed it.
    expect(storedImages()).toBe(before + 2);
    const frozen = imageOf(
      (await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: learner.auth })).json().data
        .attempt,
    ) as Image;
    const servedOld = await t.app.inject({ method: "GET", url: frozen.url });
    expect(servedOld.statusCode).toBe(200);
    expect(servedOld.rawPayload.equals(PNG)).toBe(true);
    expect(first.url.split("?")[0]).toBe(frozen.url.split("?")[0]);

    const removed = await t.app.inject({ method: "DELETE", url, headers: instructor.auth });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(M.imageRemoved.text);
    expect(imageOf(removed.json().data.assessment)).toBeNull();
    // No attempt showed the GIF: its file is gone; the PNG stays for the attempt.
    expect(storedImages()).toBe(before + 1);
    expect((await t.app.inject({ method: "GET", url: replaced.url })).statusCode).toBe(404);
    const again = await t.app.inject({ method: "DELETE", url, headers: instructor.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.imageMissing.text);
  });

  it("a regrade brings attempts up to the current image, and the file no attempt shows any more goes", async () => {
    const { course, assessment, learner, url } = await setup();
    await upload(url, instructor.auth, "a.png", PNG);
    const attempt = await startAttempt(assessment._id, learner.auth);
    await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
    const replaced = imageOf((await upload(url, instructor.auth, "b.gif", GIF)).json().data.assessment) as Image;
    const before = storedImages();
    const regrade = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/regrade`,
      headers: instructor.auth,
    });
    expect(regrade.statusCode, regrade.body).toBe(200);
    expect(storedImages()).toBe(before - 1);
    const reread = await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: learner.auth });
    const shown = imageOf(reread.json().data.attempt) as Image;
    expect(shown.url.split("?")[0]).toBe(replaced.url.split("?")[0]);
  });

  it("refuses an SVG and a renamed executable (415), a file over the size limit (413) and no file (400)", async () => {
    const { assessment, url } = await setup();
    const before = storedImages();
    const svg = await upload(url, instructor.auth, "chart.svg", SVG);
    expect(svg.statusCode).toBe(415);
    const exe = await upload(url, instructor.auth, "chart.png", EXE);
    expect(exe.statusCode).toBe(415);
    await saveSystemSettings(t.db, { maxFileSize: 1 });
    try {
      const big = await upload(url, instructor.auth, "big.png", Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]));
      expect(big.statusCode).toBe(413);
    } finally {
      await saveSystemSettings(t.db, { maxFileSize: 100 });
    }
    const empty = multipart({ alt: "nothing" });
    const none = await t.app.inject({
      method: "POST",
      url,
      headers: { ...instructor.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(storedImages()).toBe(before);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/instructor/assessments/${assessment._id}`,
      headers: instructor.auth,
    });
    expect(imageOf(read.json().data.assessment)).toBeNull();
  });

  it("keeps the image when the question is saved again, and a duplicate gets its own copy", async () => {
    const { course, assessment, url } = await setup();
    await upload(url, instructor.auth, "chart.png", PNG);
    const edit = `/api/instructor/courses/${course.id}/assessments/${assessment._id}`;
    const saved = await t.app.inject({
      method: "PUT",
      url: edit,
      headers: instructor.auth,
      payload: {
        questions: [{ ...QUESTIONS[0], _id: assessment.questions[0]._id, imageAlt: "A rising line" }, QUESTIONS[1]],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(imageOf(saved.json().data.assessment)?.alt).toBe("A rising line");

    const before = storedImages();
    const copy = await t.app.inject({
      method: "POST",
      url: `/api/instructor/assessments/${assessment._id}/duplicate`,
      headers: instructor.auth,
      payload: { courseId: course.id },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = imageOf(copy.json().data.assessment) as Image;
    expect(copied.alt).toBe("A rising line");
    expect(storedImages()).toBe(before + 1);
    // Deleting the original leaves the copy's image readable.
    expect((await t.app.inject({ method: "DELETE", url: edit, headers: instructor.auth })).statusCode).toBe(200);
    const served = await t.app.inject({ method: "GET", url: copied.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(storedImages()).toBe(before);
  });

  it("copies a question's image into another assessment (imageFrom) only for its managers", async () => {
    const { assessment, questionId, url } = await setup();
    await upload(url, instructor.auth, "chart.png", PNG);
    const target = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const create = (courseId: string, auth: Auth, imageFrom: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/instructor/courses/${courseId}/assessments`,
        headers: auth,
        payload: { title: "Copied", questions: [{ ...QUESTIONS[1], imageFrom }] },
      });
    const before = storedImages();
    const copied = await create(target.id, instructor.auth, questionId);
    expect(copied.statusCode, copied.body).toBe(201);
    const image = imageOf(copied.json().data.assessment, QUESTIONS[1].text) as Image;
    expect(image.alt).toBe("A line chart rising");
    expect(storedImages()).toBe(before + 1);
    expect((await t.app.inject({ method: "GET", url: image.url })).rawPayload.equals(PNG)).toBe(true);

    const strangerCourse = await makeCourse(t.db, { instructor_id: otherInstructor.user.id });
    const stolen = await create(strangerCourse.id, otherInstructor.auth, questionId);
    expect(stolen.statusCode).toBe(403);
    const unknown = await create(target.id, instructor.auth, assessment._id);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject([{ path: "questions.0.imageFrom", msg: M.imageSourceNotFound.text }]);
    expect(storedImages()).toBe(before + 1);
  });

  it("refuses alt text over the limit", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: instructor.auth,
      payload: { title: "Alt", questions: [{ ...QUESTIONS[0], imageAlt: "x".repeat(501) }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ path: "questions.0.imageAlt", msg: M.imageAltTooLong.text });
  });
});
