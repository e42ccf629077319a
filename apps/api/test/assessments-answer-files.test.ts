import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ASSESSMENT_MESSAGES as M, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { EXE, multipart, PDF, PNG } from "./support/multipart.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
interface File {
  _id: string;
  name: string;
  size: number;
  mimeType: string;
  url: string;
}
interface Served {
  _id: string;
  type: string;
  file?: File | null;
}

const ASSIGNMENT = [
  { type: "file_upload", text: "Upload your report.", points: 10 },
  { type: "essay", text: "Summarise it.", points: 5 },
];

/** A learner's open attempt at an assignment with a file question. */
async function openAttempt() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const learner = await makeEnrolledLearner(t.app, t.db, course.id);
  const assessment = await createAssessment(t.app, course.id, instructor.auth, {
    type: "assignment",
    questions: ASSIGNMENT,
  });
  const started = await t.app.inject({
    method: "POST",
    url: `/api/assessments/${assessment._id}/attempts`,
    headers: learner.auth,
  });
  const attempt = started.json().data.attempt as { _id: string; questions: Served[] };
  const fileQuestion = attempt.questions.find((q) => q.type === "file_upload") as Served;
  const essay = attempt.questions.find((q) => q.type === "essay") as Served;
  return { course, learner, assessment, attempt, fileQuestion, essay };
}

function upload(attemptId: string, questionId: string, auth: Auth, filename: string, content: Buffer) {
  const body = multipart({}, { field: "file", filename, content });
  return t.app.inject({
    method: "POST",
    url: `/api/attempts/${attemptId}/files/${questionId}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

const removeFile = (attemptId: string, questionId: string, auth: Auth) =>
  t.app.inject({ method: "DELETE", url: `/api/attempts/${attemptId}/files/${questionId}`, headers: auth });

const fileOf = (attempt: { questions: Served[] }) =>
  attempt.questions.find((q) => q.type === "file_upload")?.file ?? null;

const storedAnswers = () => {
  const dir = path.join(t.dataDir, "uploads", "answers");
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

describe("uploading a file answer", () => {
  it("keeps the file with a safe name; the learner reads it inline or as a download through its signed link", async () => {
    const { attempt, fileQuestion, learner } = await openAttempt();
    const response = await upload(attempt._id, fileQuestion._id, learner.auth, "../../etc/re\u0007port.pdf", PDF);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(M.fileUploaded.text);
    const file = fileOf(response.json().data.attempt) as File;
    expect(file).toMatchObject({ name: "report.pdf", size: PDF.length, mimeType: "application/pdf" });

    const inline = await t.app.inject({ method: "GET", url: file.url });
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(PDF)).toBe(true);
    expect(inline.headers["content-disposition"]).toMatch(/^inline/);
    expect(inline.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    const download = await t.app.inject({ method: "GET", url: `${file.url}&download=1` });
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="report.pdf"/);

    const forged = await t.app.inject({ method: "GET", url: file.url.replace(/sig=[^&]+/, "sig=forged") });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MESSAGES.invalidMediaLink.text);

    const reread = await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: learner.auth });
    expect(fileOf(reread.json().data.attempt)).toMatchObject({ _id: file._id, name: "report.pdf" });
  });

  it("replaces the file (the old one is gone from storage) and removes it while the attempt is open", async () => {
    const { attempt, fileQuestion, learner } = await openAttempt();
    const before = storedAnswers();
    const first = fileOf((await upload(attempt._id, fileQuestion._id, learner.auth, "a.pdf", PDF)).json().data.attempt);
    const second = await upload(attempt._id, fileQuestion._id, learner.auth, "diagram.png", PNG);
    expect(second.statusCode).toBe(201);
    expect(fileOf(second.json().data.attempt)).toMatchObject({ name: "diagram.png", mimeType: "image/png" });
    expect(storedAnswers()).toBe(before + 1);
    expect((await t.app.inject({ method: "GET", url: (first as File).url })).statusCode).toBe(404);

    const removed = await removeFile(attempt._id, fileQuestion._id, learner.auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(M.fileRemoved.text);
    expect(fileOf(removed.json().data.attempt)).toBeNull();
    expect(storedAnswers()).toBe(before);
    const again = await removeFile(attempt._id, fileQuestion._id, learner.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.answerFileNotFound.text);
  });

  it("refuses a file over maxFileSize (413) and a type outside allowedFileTypes (415), keeping nothing", async () => {
    const { attempt, fileQuestion, learner } = await openAttempt();
    const before = storedAnswers();
    await saveSystemSettings(t.db, { maxFileSize: 1 });
    try {
      const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 32)]);
      const tooBig = await upload(attempt._id, fileQuestion._id, learner.auth, "big.pdf", big);
      expect(tooBig.statusCode).toBe(413);
    } finally {
      await saveSystemSettings(t.db, { maxFileSize: 100 });
    }
    const exe = await upload(attempt._id, fileQuestion._id, learner.auth, "report.pdf", EXE);
    expect(exe.statusCode).toBe(415);
    await saveSystemSettings(t.db, { allowedFileTypes: ["pdf"] });
    try {
      const png = await upload(attempt._id, fileQuestion._id, learner.auth, "diagram.png", PNG);
      expect(png.statusCode).toBe(415);
    } finally {
      await saveSystemSettings(t.db, { allowedFileTypes: ["pdf", "doc", "docx", "mp4", "jpg", "png"] });
    }
    expect(storedAnswers()).toBe(before);
    const reread = await t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: learner.auth });
    expect(fileOf(reread.json().data.attempt)).toBeNull();
  });

  it("refuses someone else's attempt (404), other questions (400), a missing file (400) and closed attempts (409)", async () => {
    const { course, attempt, fileQuestion, essay, learner } = await openAttempt();
    const classmate = await makeEnrolledLearner(t.app, t.db, course.id);
    const theirs = await upload(attempt._id, fileQuestion._id, classmate.auth, "x.pdf", PDF);
    expect(theirs.statusCode).toBe(404);
    expect((await upload(attempt._id, fileQuestion._id, instructor.auth, "x.pdf", PDF)).statusCode).toBe(404);
    expect((await removeFile(attempt._id, fileQuestion._id, classmate.auth)).statusCode).toBe(404);

    const toEssay = await upload(attempt._id, essay._id, learner.auth, "x.pdf", PDF);
    expect(toEssay.statusCode).toBe(400);
    expect(toEssay.json().message).toBe(M.notAFileQuestion.text);
    const unknown = await upload(attempt._id, "0123456789abcdef01234567", learner.auth, "x.pdf", PDF);
    expect(unknown.statusCode).toBe(400);
    const empty = multipart({ note: "no file" });
    const noFile = await t.app.inject({
      method: "POST",
      url: `/api/attempts/${attempt._id}/files/${fileQuestion._id}`,
      headers: { ...learner.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(MESSAGES.selectFile.text);

    await upload(attempt._id, fileQuestion._id, learner.auth, "kept.pdf", PDF);
    await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
    const closed = await upload(attempt._id, fileQuestion._id, learner.auth, "late.pdf", PDF);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(M.attemptClosed.text);
    expect((await removeFile(attempt._id, fileQuestion._id, learner.auth)).statusCode).toBe(409);
  });
});

describe("who may read a file answer", () => {
  it("gives the link to the learner and the course's managers only; deleting the assessment deletes the files", async () => {
    const { course, assessment, attempt, fileQuestion, learner } = await openAttempt();
    await upload(attempt._id, fileQuestion._id, learner.auth, "report.pdf", PDF);
    await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });

    const read = (auth: Auth) => t.app.inject({ method: "GET", url: `/api/attempts/${attempt._id}`, headers: auth });
    let fileId = "";
    for (const manager of [instructor, admin]) {
      const seen = await read(manager.auth);
      expect(seen.statusCode).toBe(200);
      const file = fileOf(seen.json().data.attempt) as File;
      fileId = file._id;
      expect((await t.app.inject({ method: "GET", url: file.url })).rawPayload.equals(PDF)).toBe(true);
    }
    const classmate = await makeEnrolledLearner(t.app, t.db, course.id);
    for (const outsider of [classmate, otherInstructor]) {
      const refused = await read(outsider.auth);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain("answer-files");
    }
    const unsigned = await t.app.inject({ method: "GET", url: `/api/answer-files/${fileId}` });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.body).not.toContain("%PDF");

    const before = storedAnswers();
    await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}`,
      headers: instructor.auth,
    });
    expect(storedAnswers()).toBe(before - 1);
  });
});
