import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { QTI_MESSAGES as Q } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import yazl from "yazl";
import { createTestApp, type TestContext } from "./support/app.js";
import { EVERY_TYPE } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { multipart, PNG, zipOf } from "./support/multipart.js";
import { uploadsOf } from "./support/stored-files.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/qti");
type Auth = Record<string, string>;
interface Question {
  _id: string;
  type: string;
  text: string;
  points: number;
  image: { url: string; alt: string } | null;
  options?: { text: string; correct: boolean }[];
  correct?: boolean;
  acceptedAnswers?: string[];
  value?: number;
  tolerance?: number;
  feedback?: string;
}

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

/** Every file under `dir` by its path relative to it. */
function filesOf(dir: string, base = dir): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(files, filesOf(full, base));
    else files[path.relative(base, full).split(path.sep).join("/")] = readFileSync(full);
  }
  return files;
}

function zip(files: Record<string, Buffer>, options: { mode?: Record<string, number> } = {}): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    archive.addBuffer(content, name, { mode: options.mode?.[name] });
  }
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on("data", (c: Buffer) => chunks.push(c));
    archive.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on("error", reject);
  });
}

function unzip(buffer: Buffer): Promise<Record<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const files: Record<string, Buffer> = {};
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            files[entry.fileName] = Buffer.concat(chunks);
            file.readEntry();
          });
        });
      });
      file.on("end", () => resolve(files));
      file.readEntry();
    });
  });
}

const importUrl = (courseId: string) => `/api/instructor/courses/${courseId}/assessments/qti`;
function importQti(courseId: string, auth: Auth, filename: string, content: Buffer, fields = {}) {
  const body = multipart(fields, { field: "file", filename, content });
  return t.app.inject({
    method: "POST",
    url: importUrl(courseId),
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

const packageOf = (version: "v2" | "v3", imagePath: string) =>
  zip({ ...filesOf(path.join(FIXTURES, version)), [imagePath]: PNG });

async function storedKeys() {
  const keys: string[] = [];
  for await (const key of uploadsOf(t.dataDir).list()) keys.push(key);
  return keys.sort();
}
const assessmentCount = async (courseId: string) =>
  (await t.db.selectFrom("assessments").select("id").where("course_id", "=", courseId).execute()).length;

const byText = (questions: Question[], words: string) => questions.find((q) => q.text.includes(words)) as Question;

describe("QTI import", () => {
  it("imports every supported type of a QTI 3.0 package in the test's order, with points and the image, and lists the others", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await importQti(
      course.id,
      instructor.auth,
      "road-signs.zip",
      await packageOf("v3", "images/sign.png"),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { assessment, imported, skipped } = response.json().data;
    expect(response.json().message).toBe(Q.imported.text);
    expect(assessment.title).toBe("Road signs (QTI 3.0)");
    expect(assessment.published).toBe(false);
    expect(imported).toEqual([
      { identifier: "choice", type: "single_choice", feedbackDropped: true },
      { identifier: "multiple", type: "multiple_choice" },
      { identifier: "true-false", type: "true_false" },
      { identifier: "text-entry", type: "short_answer" },
      { identifier: "numeric", type: "numeric" },
      { identifier: "extended-text", type: "essay" },
      { identifier: "upload", type: "file_upload" },
    ]);
    expect(skipped).toEqual([
      { identifier: "hotspot", type: "hotspot-interaction" },
      { identifier: "graphic-order", type: "graphic-order-interaction" },
    ]);
    const questions = assessment.questions as Question[];
    expect(questions.map((q) => q.type)).toEqual(imported.map((i: { type: string }) => i.type));
    const [choice, multiple, trueFalse, text, numeric, essay, upload] = questions;
    expect(choice.text).toContain("What does it say?");
    expect(choice.points).toBe(2);
    expect(choice.options).toEqual([
      { _id: "0", text: "You must stay with your luggage at all times.", correct: true },
      { _id: "1", text: "Do not let someone else look after your luggage.", correct: false },
      { _id: "2", text: "Remember your luggage when you leave.", correct: false },
    ]);
    expect(choice.image?.alt).toBe("NEVER LEAVE LUGGAGE UNATTENDED");
    const image = await t.app.inject({ method: "GET", url: choice.image?.url as string });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(multiple.points).toBe(3);
    expect(multiple.options?.filter((o) => o.correct).map((o) => o.text)).toEqual(["Hydrogen", "Oxygen"]);
    // The general modal feedback (its outcome's default shows it) is kept; the choice's feedback for one answer is not.
    expect(multiple.feedback).toBe("<p>Water is H2O: <em>two</em> hydrogen atoms and one oxygen atom.</p>");
    expect(choice.feedback).toBeUndefined();
    expect(trueFalse).toMatchObject({ points: 1, correct: false });
    expect(trueFalse.text).toContain("Water boils at 50 degrees");
    expect(text.acceptedAnswers).toEqual(["York", "york"]);
    expect(text.text).toMatch(/Made glorious summer by this sun of\s+_____;/);
    expect(numeric).toMatchObject({ points: 4, value: 3.14, tolerance: 0.01 });
    expect(essay).toMatchObject({ points: 5 });
    expect(essay.text).toContain("Write Sarah a postcard.");
    expect(upload).toMatchObject({ points: 3 });
    expect(assessment.totalPoints).toBe(2 + 3 + 1 + 1 + 4 + 5 + 3);
  });

  it("imports every supported type of a QTI 2.1 package in the manifest's order, and lists the hotspot", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const response = await importQti(
      course.id,
      instructor.auth,
      "qti21.zip",
      await packageOf("v2", "images/sign.png"),
      {
        title: "Imported from 2.1",
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { assessment, imported, skipped } = response.json().data;
    expect(assessment.title).toBe("Imported from 2.1");
    expect(imported.map((i: { type: string }) => i.type)).toEqual([
      "single_choice",
      "multiple_choice",
      "true_false",
      "short_answer",
      "numeric",
      "essay",
      "file_upload",
    ]);
    expect(skipped).toEqual([{ identifier: "hotspot", type: "hotspot-interaction" }]);
    const questions = assessment.questions as Question[];
    const choice = byText(questions, "What does it say?");
    expect(choice.points).toBe(2);
    expect(choice.options?.[0]).toMatchObject({ correct: true });
    expect(choice.image?.alt).toBe("NEVER LEAVE LUGGAGE UNATTENDED");
    expect(byText(questions, "used to form water").options?.filter((o) => o.correct).length).toBe(2);
    expect(byText(questions, "Water freezes")).toMatchObject({ type: "true_false", correct: true });
    expect(byText(questions, "Richard III").acceptedAnswers).toEqual(["York", "york"]);
    expect(byText(questions, "square root of 144")).toMatchObject({ value: 12, tolerance: 0, points: 2 });
    expect(byText(questions, "postcard")).toMatchObject({
      points: 5,
      feedback: "A postcard greets, tells one thing and signs off.",
    });
    expect(byText(questions, "spreadsheet")).toMatchObject({ type: "file_upload", points: 3 });
  });

  it("imports one item's XML file on its own", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const item = readFileSync(path.join(FIXTURES, "v2/choice_multiple.xml"));
    const response = await importQti(course.id, instructor.auth, "choice_multiple.xml", item);
    expect(response.statusCode, response.body).toBe(201);
    const { assessment, imported } = response.json().data;
    expect(assessment.title).toBe("Composition of Water");
    expect(imported).toEqual([{ identifier: "choiceMultiple", type: "multiple_choice" }]);
  });

  it("imports a QTI 1.2 file of the CC QTI profile (Canvas and Moodle quizzes), listing unsupported profiles", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const quiz = readFileSync(path.join(FIXTURES, "../qti12/cc-quiz.xml"));
    const response = await importQti(course.id, instructor.auth, "cc-quiz.xml", quiz);
    expect(response.statusCode, response.body).toBe(201);
    const { assessment, imported, skipped } = response.json().data;
    expect(assessment.title).toBe("Rivers and seas");
    expect(imported).toEqual([
      { identifier: "mc1", type: "single_choice", feedbackDropped: true },
      { identifier: "mr1", type: "multiple_choice" },
      { identifier: "tf1", type: "true_false" },
      { identifier: "fib1", type: "short_answer" },
      { identifier: "es1", type: "essay" },
    ]);
    expect(skipped.map((s: { identifier: string; type: string }) => [s.identifier, s.type])).toEqual([
      ["pm1", "cc.pattern_match.v0p1"],
      ["mt1", "cc.matching"],
      ["nokey1", "cc.multiple_choice.v0p1"],
      ["np1", "no-profile"],
    ]);
    const questions: Question[] = assessment.questions;
    expect(byText(questions, "Paris")).toMatchObject({ acceptedAnswers: ["Seine", "La Seine"], points: 1 });
    expect(byText(questions, "Dead Sea")).toMatchObject({ correct: false, points: 3 });
    // General feedback (no condition, or Canvas's `<other/>` before scoring) is kept; right, wrong and per-answer is not.
    expect(byText(questions, "longest").feedback).toBe("<p>The Nile runs <b>6,650 km</b>.</p>");
    expect(byText(questions, "delta").feedback).toBe("Deposits of silt.");
    expect(byText(questions, "Paris").feedback).toBeUndefined();
  });

  it("refuses a file that is not well-formed XML, naming the file and its line", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const bad = readFileSync(path.join(FIXTURES, "bad-item.xml"));
    const single = await importQti(course.id, instructor.auth, "bad-item.xml", bad);
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toMatch(/^bad-item\.xml \(line 5\) is not well-formed XML/);
    const files = { ...filesOf(path.join(FIXTURES, "v3")), "items/numeric.xml": bad };
    const inPackage = await importQti(course.id, instructor.auth, "package.zip", await zip(files));
    expect(inPackage.statusCode).toBe(400);
    expect(inPackage.json().message).toMatch(/^items\/numeric\.xml \(line 5\) is not well-formed XML/);
    expect(inPackage.json().errors[0]).toMatchObject({ path: "items/numeric.xml", code: Q.badXml.code });
    const laughs = Buffer.from(
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n]>\n<qti-assessment-item>&lol2;</qti-assessment-item>',
    );
    const expanding = await importQti(course.id, instructor.auth, "laughs.xml", laughs);
    expect(expanding.statusCode).toBe(400);
    expect(expanding.json().message).toBe(
      "laughs.xml (line 3) is not well-formed XML: entity declarations are not allowed",
    );
    expect(await assessmentCount(course.id)).toBe(0);
  });

  it("refuses a file with no importable item, and a test file without its items", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const hotspot = readFileSync(path.join(FIXTURES, "v3/items/hotspot.xml"));
    const none = await importQti(course.id, instructor.auth, "hotspot.xml", hotspot);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(Q.noItems.text);
    const test = readFileSync(path.join(FIXTURES, "v3/assessment.xml"));
    const alone = await importQti(course.id, instructor.auth, "assessment.xml", test);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe(Q.testWithoutItems.text);
  });
});

describe("unsafe packages are refused before anything is written", () => {
  const cases: [string, () => Promise<Buffer>, string][] = [
    [
      "a zip bomb",
      () => zip({ ...filesOf(path.join(FIXTURES, "v3")), "images/sign.png": Buffer.alloc(30 * 1024 * 1024) }),
      Q.compressionRatio.text,
    ],
    [
      "a path leaving the package",
      async () => zipOf({ "imsmanifest.xml": "<manifest/>", "../../escape.xml": "<x/>" }),
      Q.unsafePath.text,
    ],
    [
      "a link",
      () =>
        zip(
          { ...filesOf(path.join(FIXTURES, "v3")), "images/sign.png": Buffer.from("/etc/passwd") },
          { mode: { "images/sign.png": 0o120777 } },
        ),
      Q.linkInPackage.text,
    ],
    [
      "too many entries",
      async () => zipOf(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.txt`, "x"]))),
      Q.tooManyEntries.text,
    ],
  ];
  it.each(cases)("refuses %s", async (_name, build, message) => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const before = await storedKeys();
    const pending = await t.db.selectFrom("pending_question_images").select("id").execute();
    const response = await importQti(course.id, instructor.auth, "package.zip", await build());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await assessmentCount(course.id)).toBe(0);
    expect(await storedKeys()).toEqual(before);
    expect(await t.db.selectFrom("pending_question_images").select("id").execute()).toEqual(pending);
  });
});

describe("QTI export", () => {
  it("exports a QTI 3.0 package that imports back with every question, its answer key, points and image", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const upload = multipart({}, { field: "file", filename: "chart.png", content: PNG });
    const image = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/question-images`,
      headers: { ...instructor.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(image.statusCode, image.body).toBe(201);
    const questions = EVERY_TYPE.map((q, i) =>
      i === 0
        ? {
            ...q,
            text: "<p>Capital of <strong>France</strong>? A &amp; B</p>",
            imageUpload: image.json().data.upload._id,
            imageAlt: "A map",
            feedback: "<p>Paris, <em>since 987</em> &amp; before.</p>",
          }
        : i % 2 === 0
          ? { ...q, feedback: `Think again about: ${q.text}` }
          : q,
    );
    const created = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/assessments`,
      headers: instructor.auth,
      payload: { title: "Round trip", questions },
    });
    expect(created.statusCode, created.body).toBe(201);
    const original = created.json().data.assessment;

    const exported = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/assessments/${original._id}/qti`,
      headers: instructor.auth,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/zip");
    const files = await unzip(exported.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        "assessment.xml",
        "imsmanifest.xml",
        "images/item_1.png",
        ...Array.from({ length: EVERY_TYPE.length }, (_, i) => `items/item_${i + 1}.xml`),
      ].sort(),
    );
    expect(files["items/item_1.xml"].toString()).toContain("<qti-assessment-item");
    expect(files["items/item_1.xml"].toString()).toContain(
      '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="general" show-hide="show">',
    );
    expect(original.questions.filter((q: Question) => q.feedback)).toHaveLength(4);

    const other = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const again = await importQti(other.id, instructor.auth, "round-trip.zip", exported.rawPayload);
    expect(again.statusCode, again.body).toBe(201);
    const { assessment, skipped } = again.json().data;
    expect(skipped).toEqual([]);
    expect(assessment.title).toBe("Round trip");
    expect(assessment.totalPoints).toBe(original.totalPoints);
    const strip = (q: Question) => ({ ...q, _id: undefined, image: q.image ? q.image.alt : null });
    expect(assessment.questions.map(strip)).toEqual(original.questions.map(strip));
    const copy = await t.app.inject({ method: "GET", url: assessment.questions[0].image.url });
    expect(copy.rawPayload.equals(PNG)).toBe(true);
  });
});

describe("who may import and export", () => {
  it("lets only the course's managers in", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const stranger = await makeSignedInUser(t.app, t.db, "instructor");
    const item = readFileSync(path.join(FIXTURES, "v2/choice_multiple.xml"));
    const made = await importQti(course.id, instructor.auth, "item.xml", item);
    const assessmentId = made.json().data.assessment._id;
    const exportUrl = `/api/instructor/courses/${course.id}/assessments/${assessmentId}/qti`;
    expect((await importQti(course.id, learner.auth, "item.xml", item)).statusCode).toBe(403);
    expect((await importQti(course.id, stranger.auth, "item.xml", item)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: exportUrl, headers: learner.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: exportUrl, headers: stranger.auth })).statusCode).toBe(403);
    const elsewhere = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const wrongCourse = `/api/instructor/courses/${elsewhere.id}/assessments/${assessmentId}/qti`;
    expect((await t.app.inject({ method: "GET", url: wrongCourse, headers: instructor.auth })).statusCode).toBe(404);
    expect(await assessmentCount(course.id)).toBe(1);
  });
});
