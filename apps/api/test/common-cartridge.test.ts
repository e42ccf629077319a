import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CC_MESSAGES, MESSAGES, QTI_MESSAGES as Q } from "@lms/contract";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import { unpackPackage } from "../src/modules/qti/package-zip.js";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeSignedInUser } from "./support/factories.js";
import { multipart, PDF, PNG, zipOf } from "./support/multipart.js";
import { uploadsOf } from "./support/stored-files.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const FIXTURE = path.join(FIXTURES, "cc/course");
type Auth = Record<string, string>;

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

function filesOf(dir: string, base = dir): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(files, filesOf(full, base));
    else files[path.relative(base, full).split(path.sep).join("/")] = readFileSync(full);
  }
  return files;
}

function zip(files: Record<string, Buffer>, mode: Record<string, number> = {}): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) archive.addBuffer(content, name, { mode: mode[name] });
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on("data", (c: Buffer) => chunks.push(c));
    archive.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on("error", reject);
  });
}

/** The hand-written cartridge with its binary files (a PNG on the first page, a PDF as a course file). */
const fixtureFiles = (): Record<string, Buffer> => ({
  ...filesOf(FIXTURE),
  "images/sign.png": PNG,
  "files/handbook.pdf": PDF,
});
const cartridge = () => zip(fixtureFiles());

function importCc(auth: Auth, content: Buffer, fields: Record<string, string> = {}, area = "instructor") {
  const body = multipart(fields, { field: "file", filename: "road-safety.imscc", content });
  return t.app.inject({
    method: "POST",
    url: `/api/${area}/courses/import/cc`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}
const exportCc = (auth: Auth, courseId: string, area = "instructor") =>
  t.app.inject({ method: "GET", url: `/api/${area}/courses/${courseId}/export/cc`, headers: auth });

async function storedKeys() {
  const keys: string[] = [];
  for await (const key of uploadsOf(t.dataDir).list()) keys.push(key);
  return keys.sort();
}
const courseCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("courses")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A course's teaching content, in order, without ids: what a round trip must keep. */
async function structureOf(courseId: string) {
  const modules = await t.db
    .selectFrom("modules")
    .selectAll()
    .where("course_id", "=", courseId)
    .orderBy("sort_order")
    .execute();
  const lessons = await t.db
    .selectFrom("lessons")
    .selectAll()
    .where("course_id", "=", courseId)
    .orderBy("sort_order")
    .execute();
  const files = await t.db.selectFrom("lesson_files").selectAll().where("course_id", "=", courseId).execute();
  const materials = await t.db.selectFrom("materials").selectAll().where("course_id", "=", courseId).execute();
  const assessments = await t.db.selectFrom("assessments").selectAll().where("course_id", "=", courseId).execute();
  const questions = assessments.length
    ? await t.db
        .selectFrom("assessment_questions")
        .selectAll()
        .where(
          "assessment_id",
          "in",
          assessments.map((a) => a.id),
        )
        .orderBy("position")
        .execute()
    : [];
  return {
    modules: modules.map((m) => ({
      title: m.title,
      lessons: lessons
        .filter((l) => l.module_id === m.id)
        .map((l) => ({
          title: l.title,
          body: l.body,
          files: files.filter((f) => f.lesson_id === l.id).map((f) => ({ name: f.name, mime: f.mime, size: f.size })),
        })),
    })),
    materials: materials
      .map((m) => ({ type: m.type, url: m.url, file: m.file_name, mime: m.mime, size: m.size }))
      .sort((a, b) => String(a.url ?? a.file).localeCompare(String(b.url ?? b.file))),
    assessments: assessments.map((a) => ({
      title: a.title,
      published: a.published,
      totalPoints: a.total_points,
      questions: questions
        .filter((q) => q.assessment_id === a.id)
        .map((q) => ({
          type: q.type,
          text: q.text,
          points: q.points,
          data: JSON.parse(q.data),
          feedback: q.feedback,
          image: q.image_mime && { mime: q.image_mime, alt: q.image_alt },
        })),
    })),
  };
}

describe("Common Cartridge import", () => {
  it("makes a draft course of the organisation's modules, pages, files, links and QTI assessments, and lists the rest", async () => {
    const response = await importCc(instructor.auth, await cartridge());
    expect(response.statusCode, response.body).toBe(201);
    const { course, imported, skipped } = response.json().data;
    expect(response.json().message).toBe(CC_MESSAGES.imported.text);
    expect(course.title).toBe("Road Safety Basics");
    expect(imported).toEqual({ modules: 2, lessons: 2, files: 1, materials: 2, assessments: 2, questions: 2 });
    expect(skipped).toEqual(
      expect.arrayContaining([
        { identifier: "forum_intro", type: "imsdt_xmlv1p3" },
        { identifier: "lti_tool", type: "imsbasiclti_xmlv1p3" },
      ]),
    );
    expect(skipped).toHaveLength(2);

    const row = await t.db.selectFrom("courses").selectAll().where("id", "=", course._id).executeTakeFirstOrThrow();
    expect(row.instructor_id).toBe(instructor.user.id);
    expect(row.published).toBe(0);
    const structure = await structureOf(course._id);
    expect(structure.modules.map((m) => m.title)).toEqual(["Week 1: Signs", "Week 2: Practice"]);
    const [signs] = structure.modules[0].lessons;
    expect(structure.modules[0].lessons.map((l) => l.title)).toEqual(["Reading road signs"]);
    expect(structure.modules[1].lessons.map((l) => l.title)).toEqual(["Crossing the road"]);
    expect(signs.body).toContain("<strong>orders</strong>");
    expect(signs.body).not.toContain("script");
    expect(signs.body).not.toContain("steal");
    expect(signs.files).toEqual([{ name: "sign.png", mime: "image/png", size: PNG.length }]);
    expect(structure.modules[1].lessons[0].body).toBe("<p>Stop, look and listen.</p>");
    expect(structure.materials).toEqual([
      { type: "pdf", url: null, file: "handbook.pdf", mime: "application/pdf", size: PDF.length },
      { type: "link", url: "https://www.gov.uk/guidance/the-highway-code", file: null, mime: null, size: null },
    ]);
    const link = await t.db
      .selectFrom("materials")
      .selectAll()
      .where("course_id", "=", course._id)
      .where("type", "=", "link")
      .executeTakeFirstOrThrow();
    expect(link.title).toBe("The Highway Code");
    expect(structure.assessments).toHaveLength(2);
    const quiz = structure.assessments.find((a) => a.title === "Signs quiz");
    expect(quiz).toMatchObject({ published: 0, totalPoints: 3 });
    expect(quiz?.questions[0]).toMatchObject({ type: "single_choice", points: 3 });
    expect(quiz?.questions[0].data.options).toEqual([
      { text: "Red", correct: true },
      { text: "Blue", correct: false },
    ]);
    const old = structure.assessments.find((a) => a.title === "Old quiz");
    expect(old).toMatchObject({ published: 0, totalPoints: 1 });
    expect(old?.questions).toEqual([
      {
        type: "true_false",
        text: "The sky is blue.",
        points: 1,
        data: expect.objectContaining({ correct: true }),
        feedback: null,
        image: null,
      },
    ]);
  });

  it("takes the title sent instead of the manifest's, and reads a CC 1.1 manifest", async () => {
    const files = fixtureFiles();
    files["imsmanifest.xml"] = Buffer.from(
      files["imsmanifest.xml"]
        .toString()
        .replaceAll("imsccv1p3", "imsccv1p1")
        .replace("<schemaversion>1.3.0</schemaversion>", "<schemaversion>1.1.0</schemaversion>"),
    );
    const response = await importCc(instructor.auth, await zip(files), { title: "Road safety, spring" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.course.title).toBe("Road safety, spring");
    expect(response.json().data.imported.modules).toBe(2);
  });

  it("refuses a manifest that is not well-formed XML with its line, writing nothing", async () => {
    const files = fixtureFiles();
    files["imsmanifest.xml"] = Buffer.from('<?xml version="1.0"?>\n<manifest>\n<organizations>\n</manifest>\n');
    const before = { courses: await courseCount(), keys: await storedKeys() };
    const response = await importCc(instructor.auth, await zip(files));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/^imsmanifest\.xml \(line 4\) is not well-formed XML/);
    expect({ courses: await courseCount(), keys: await storedKeys() }).toEqual(before);
  });

  it("refuses a zip without a manifest and an upload without a file", async () => {
    const none = await importCc(instructor.auth, await zip({ "page.html": Buffer.from("<p>x</p>") }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CC_MESSAGES.notCartridge.text);
    const body = multipart({ title: "x" });
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/instructor/courses/import/cc",
      headers: { ...instructor.auth, ...body.headers },
      payload: body.payload,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CC_MESSAGES.fileRequired.text);
  });
});

describe("Common Cartridge QTI 1.2 (the CC QTI profile, as Canvas and Moodle export quizzes)", () => {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="cc_rivers" xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1">
  <metadata><schema>IMS Common Cartridge</schema><schemaversion>1.1.0</schemaversion></metadata>
  <organizations><organization identifier="org" structure="rooted-hierarchy"><item identifier="root">
    <item identifier="m1"><title>Week 1</title>
      <item identifier="m1_q" identifierref="quiz_rivers"><title>Quiz from the manifest</title></item>
    </item>
  </item></organization></organizations>
  <resources>
    <resource identifier="quiz_rivers" type="imsqti_xmlv1p2/imscc_xmlv1p1/assessment">
      <file href="rivers/assessment_qti.xml"/>
    </resource>
  </resources>
</manifest>`;

  it("imports each supported profile with its text, options, answer key and points, and lists the rest", async () => {
    const response = await importCc(
      instructor.auth,
      await zip({
        "imsmanifest.xml": Buffer.from(manifest),
        "rivers/assessment_qti.xml": readFileSync(path.join(FIXTURES, "qti12/cc-quiz.xml")),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { course, imported, skipped } = response.json().data;
    expect(imported).toMatchObject({ assessments: 1, questions: 5 });
    expect(skipped).toEqual([
      {
        identifier: "quiz_rivers/pm1",
        type: "cc.pattern_match.v0p1",
        reason: "partial-match answers (varsubstring) are not a short answer",
      },
      { identifier: "quiz_rivers/mt1", type: "cc.matching" },
      {
        identifier: "quiz_rivers/nokey1",
        type: "cc.multiple_choice.v0p1",
        reason: "A single choice question has exactly one correct option",
      },
      { identifier: "quiz_rivers/np1", type: "no-profile" },
    ]);
    const [quiz] = (await structureOf(course._id)).assessments;
    expect(quiz).toMatchObject({ title: "Rivers and seas", published: 0, totalPoints: 8 });
    expect(quiz.questions).toEqual([
      {
        type: "single_choice",
        text: "<p>Which is the <strong>longest</strong> river?</p>",
        points: 2,
        data: expect.objectContaining({
          options: [
            expect.objectContaining({ text: "The Thames", correct: false }),
            expect.objectContaining({ text: "The Nile", correct: true }),
            expect.objectContaining({ text: "The Rhine", correct: false }),
          ],
        }),
        feedback: "<p>The Nile runs <b>6,650 km</b>.</p>",
        image: null,
      },
      {
        type: "multiple_choice",
        text: "Which of these are seas?",
        points: 1,
        data: expect.objectContaining({
          options: [
            expect.objectContaining({ text: "Baltic", correct: true }),
            expect.objectContaining({ text: "Danube", correct: false }),
            expect.objectContaining({ text: "Aegean", correct: true }),
          ],
        }),
        feedback: null,
        image: null,
      },
      {
        type: "true_false",
        text: "The Dead Sea is fresh water &amp; sweet.",
        points: 3,
        data: expect.objectContaining({ correct: false }),
        feedback: null,
        image: null,
      },
      {
        type: "short_answer",
        text: "Which river flows through Paris?",
        points: 1,
        data: expect.objectContaining({ acceptedAnswers: ["Seine", "La Seine"] }),
        feedback: null,
        image: null,
      },
      {
        type: "essay",
        text: "<p>Describe how a delta forms.</p>",
        points: 1,
        data: expect.any(Object),
        feedback: "Deposits of silt.",
        image: null,
      },
    ]);
  });
});

describe("unsafe cartridges are refused before anything is written", () => {
  const cases: [string, () => Promise<Buffer>, string][] = [
    [
      "a zip bomb",
      () => zip({ ...fixtureFiles(), "files/handbook.pdf": Buffer.alloc(30 * 1024 * 1024) }),
      Q.compressionRatio.text,
    ],
    [
      "a path leaving the package",
      async () => zipOf({ "imsmanifest.xml": "<manifest/>", "../../escape.html": "<p/>" }),
      Q.unsafePath.text,
    ],
    [
      "a link",
      () => zip({ ...fixtureFiles(), "images/sign.png": Buffer.from("/etc/passwd") }, { "images/sign.png": 0o120777 }),
      Q.linkInPackage.text,
    ],
    [
      "too many entries",
      async () => zipOf(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.txt`, "x"]))),
      Q.tooManyEntries.text,
    ],
  ];
  it.each(cases)("refuses %s", async (_name, build, message) => {
    const before = { courses: await courseCount(), keys: await storedKeys() };
    const response = await importCc(instructor.auth, await build());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect({ courses: await courseCount(), keys: await storedKeys() }).toEqual(before);
  });
});

describe("Common Cartridge export", () => {
  it("exports a course that imports back with the same modules, lessons, files, materials and assessments", async () => {
    const first = await importCc(instructor.auth, await cartridge());
    expect(first.statusCode, first.body).toBe(201);
    const original = first.json().data.course._id;

    const exported = await exportCc(instructor.auth, original);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-type"]).toBe("application/zip");
    expect(exported.headers["content-disposition"]).toBe('attachment; filename="Road_Safety_Basics.imscc"');
    expect(exported.rawPayload.toString("utf8")).toContain("imsmanifest.xml");

    const again = await importCc(instructor.auth, exported.rawPayload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.skipped).toEqual([]);
    expect(again.json().data.course.title).toBe("Road Safety Basics");
    expect(await structureOf(again.json().data.course._id)).toEqual(await structureOf(original));
  });

  it("is for the course's managers: not another instructor or a learner; admins on their area", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    expect((await exportCc(other.auth, course.id)).statusCode).toBe(403);
    expect((await exportCc(learner.auth, course.id)).statusCode).toBe(403);
    expect((await exportCc(instructor.auth, course.id, "admin")).statusCode).toBe(403);
    expect((await exportCc(admin.auth, course.id, "admin")).statusCode).toBe(200);
    expect((await exportCc({}, course.id)).statusCode).toBe(401);

    const before = await courseCount();
    expect((await importCc(learner.auth, await cartridge())).statusCode).toBe(403);
    expect((await importCc(instructor.auth, await cartridge(), {}, "admin")).statusCode).toBe(403);
    expect(await courseCount()).toBe(before);
    const byAdmin = await importCc(admin.auth, await cartridge(), {}, "admin");
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it("stops at the course limit, writing nothing", async () => {
    const before = { courses: await courseCount(), keys: await storedKeys() };
    await saveSystemSettings(t.db, { maxCourses: before.courses });
    const refused = await importCc(instructor.auth, await cartridge());
    await saveSystemSettings(t.db, { maxCourses: 100_000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.courseLimitReached.text);
    expect({ courses: await courseCount(), keys: await storedKeys() }).toEqual(before);
  });
});

describe("Common Cartridge export in the CC QTI 1.2 profile (what Canvas and Moodle read)", () => {
  const FEEDBACK = "<p>The Nile is <strong>6,650 km</strong> long &amp; flows north.</p>";
  /** Every type the profile has, with points and feedback (the first one also has an image). */
  const PROFILED = [
    {
      type: "single_choice",
      text: "<p>Longest <em>river</em>?</p>",
      points: 2.5,
      feedback: FEEDBACK,
      imageAlt: "A map of Africa",
      options: [
        { text: "Thames", correct: false },
        { text: "Nile & Amazon", correct: true },
      ],
    },
    {
      type: "multiple_choice",
      text: "Seas?",
      points: 3,
      feedback: "Danube is a river.",
      options: [
        { text: "Baltic", correct: true },
        { text: "Danube", correct: false },
        { text: "Aegean", correct: true },
      ],
    },
    { type: "true_false", text: "The Dead Sea is fresh.", points: 0, correct: false },
    {
      type: "short_answer",
      text: "River through Paris?",
      points: 4,
      acceptedAnswers: ["Seine", "La Seine"],
      feedback: "It is the Seine.",
    },
    { type: "essay", text: "Describe a delta.", points: 5, feedback: "<ul><li>silt</li><li>mouth</li></ul>" },
  ];
  const WITH_NUMERIC = [
    { type: "numeric", text: "Pi?", points: 2, value: 3.14, tolerance: 0.01, feedback: "About 22/7." },
    { type: "file_upload", text: "Your drawing.", points: 1 },
    { type: "essay", text: "Why?", points: 1 },
  ];

  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    isArray: (name) =>
      ["item", "qtimetadatafield", "respcondition", "response_label", "varequal", "not", "itemfeedback"].includes(
        name,
      ) || name === "resource",
  });
  type Node = Record<string, any>;
  const meta = (node: Node) =>
    Object.fromEntries(
      (node.qtimetadatafield as Node[]).map((f) => [String(f.fieldlabel), String(f.fieldentry)]),
    ) as Record<string, string>;
  const textOf = (v: unknown) => (typeof v === "object" && v !== null ? String((v as Node)["#text"]) : String(v));

  async function courseWithQuizzes() {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, title: "Rivers" });
    const upload = multipart({}, { field: "file", filename: "map.png", content: PNG });
    const image = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/question-images`,
      headers: { ...instructor.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(image.statusCode, image.body).toBe(201);
    const create = async (title: string, questions: object[]) => {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/instructor/courses/${course.id}/assessments`,
        headers: instructor.auth,
        payload: { title, questions },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await create("Rivers & seas", [
      { ...PROFILED[0], imageUpload: image.json().data.upload._id },
      ...PROFILED.slice(1),
    ]);
    await create("Numbers", WITH_NUMERIC);
    return course;
  }

  it("writes the profile's assessment.xml: cc_profile per item, weighting as points, answer keys and feedback", async () => {
    const course = await courseWithQuizzes();
    const exported = await exportCc(instructor.auth, course.id);
    expect(exported.statusCode, exported.body).toBe(200);
    const files = await unpackPackage(exported.rawPayload);
    const manifest = parser.parse(files.get("imsmanifest.xml")?.toString() ?? "");
    const resources = manifest.manifest.resources.resource as Node[];
    const quizzes = resources.filter((r) => /assessment$/.test(r["@type"]));
    expect(quizzes.map((r) => [r["@type"], r["@href"]])).toEqual([
      ["imsqti_xmlv1p2/imscc_xmlv1p1/assessment", "assessments/A1/assessment.xml"],
      ["imsqti_xmlv3p0/imscc_xmlv1p3/assessment", "assessments/A2/assessment.xml"],
    ]);

    const xml = parser.parse(files.get("assessments/A1/assessment.xml")?.toString() ?? "");
    const root = xml.questestinterop;
    expect(root["@xmlns"]).toBe("http://www.imsglobal.org/xsd/ims_qtiasiv1p2");
    expect(root.assessment["@title"]).toBe("Rivers & seas");
    expect(meta(root.assessment.qtimetadata)).toMatchObject({ cc_profile: "cc.exam.v0p1" });
    const items = root.assessment.section.item as Node[];
    expect(items.map((i) => meta(i.itemmetadata.qtimetadata).cc_profile)).toEqual([
      "cc.multiple_choice.v0p1",
      "cc.multiple_response.v0p1",
      "cc.true_false.v0p1",
      "cc.fib.v0p1",
      "cc.essay.v0p1",
    ]);
    expect(items.map((i) => meta(i.itemmetadata.qtimetadata).qmd_weighting)).toEqual(["2.5", "3", "0", "4", "5"]);
    expect(items.map((i) => meta(i.itemmetadata.qtimetadata).cc_weighting)).toEqual(["2.5", "3", "0", "4", "5"]);

    /** The conditions that give full marks, as their `varequal` values (and `not` ones). */
    const keyOf = (item: Node) =>
      (item.resprocessing.respcondition as Node[])
        .filter((c) => c.setvar && textOf(c.setvar) === "100" && c.setvar["@varname"] === "SCORE")
        .map((c) => {
          const vars = c.conditionvar.and ?? c.conditionvar;
          return {
            right: (vars.varequal ?? []).map(textOf),
            wrong: (vars.not ?? []).flatMap((n: Node) => n.varequal.map(textOf)),
          };
        });
    const labels = (item: Node) =>
      Object.fromEntries(
        (item.presentation.response_lid.render_choice.response_label as Node[]).map((l) => [
          l["@ident"],
          textOf(l.material.mattext),
        ]),
      );
    const [single, multiple, trueFalse, fib, essay] = items;
    expect(single.presentation.response_lid["@rcardinality"]).toBe("Single");
    expect(keyOf(single).map((k) => labels(single)[k.right[0]])).toEqual(["Nile & Amazon"]);
    expect(multiple.presentation.response_lid["@rcardinality"]).toBe("Multiple");
    const [multipleKey] = keyOf(multiple);
    expect(multipleKey.right.map((id: string) => labels(multiple)[id])).toEqual(["Baltic", "Aegean"]);
    expect(multipleKey.wrong.map((id: string) => labels(multiple)[id])).toEqual(["Danube"]);
    expect(keyOf(trueFalse).map((k) => labels(trueFalse)[k.right[0]])).toEqual(["False"]);
    expect(fib.presentation.response_str.render_fib).toBeDefined();
    expect(keyOf(fib).map((k) => k.right[0])).toEqual(["Seine", "La Seine"]);
    expect(keyOf(essay)).toEqual([]);

    // General feedback: an itemfeedback shown by an unconditional (<other/>) condition before the scoring one.
    const feedbackOf = (item: Node) => {
      const [shown] = item.resprocessing.respcondition as Node[];
      expect(shown.conditionvar).toHaveProperty("other");
      const ref = shown.displayfeedback["@linkrefid"];
      const found = (item.itemfeedback as Node[]).find((f) => f["@ident"] === ref) as Node;
      return textOf(found.flow_mat.material.mattext);
    };
    expect(feedbackOf(single)).toBe(FEEDBACK);
    expect(feedbackOf(essay)).toBe("<ul><li>silt</li><li>mouth</li></ul>");
    expect(trueFalse.itemfeedback).toBeUndefined();

    // The image travels as an <img> in the question's HTML, its file beside the assessment.
    const text = textOf(single.presentation.material.mattext);
    expect(text).toBe('<p>Longest <em>river</em>?</p><p><img src="images/item_1.png" alt="A map of Africa"/></p>');
    expect(files.get("assessments/A1/images/item_1.png")?.equals(PNG)).toBe(true);
  });

  it("imports back every supported type with its points, answer key, feedback and image; QTI 3.0 for the rest", async () => {
    const course = await courseWithQuizzes();
    const exported = await exportCc(instructor.auth, course.id);
    const files = await unpackPackage(exported.rawPayload);
    expect(files.get("assessments/A1/assessment.xml")?.toString()).toContain("<questestinterop");
    const again = await importCc(instructor.auth, exported.rawPayload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.skipped).toEqual([]);
    const copy = await structureOf(again.json().data.course._id);
    expect(copy.assessments).toEqual((await structureOf(course.id)).assessments);
    const [profiled, numbers] = copy.assessments;
    expect(profiled.questions.map((q) => [q.type, q.points, q.feedback])).toEqual(
      PROFILED.map((q) => [q.type, q.points, q.feedback ?? null]),
    );
    expect(profiled.questions[0].image).toEqual({ mime: "image/png", alt: "A map of Africa" });
    expect(numbers.questions.map((q) => q.type)).toEqual(["numeric", "file_upload", "essay"]);
    expect(numbers.questions[0]).toMatchObject({ feedback: "About 22/7.", data: { value: 3.14, tolerance: 0.01 } });
  });
});

describe("images in QTI 1.2 items", () => {
  const item = (ident: string, presentation: string) => `
      <item ident="${ident}" title="${ident}">
        <itemmetadata><qtimetadata>
          <qtimetadatafield><fieldlabel>cc_profile</fieldlabel><fieldentry>cc.essay.v0p1</fieldentry></qtimetadatafield>
        </qtimetadata></itemmetadata>
        <presentation>${presentation}
          <response_str ident="response1" rcardinality="Single"><render_fib><response_label ident="answer1"/></render_fib></response_str>
        </presentation>
      </item>`;
  const quiz = `<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2">
  <assessment ident="signs" title="Signs in pictures"><section ident="root_section">
    ${item("canvas", '<material><mattext texttype="text/html">&lt;p&gt;What does this sign say?&lt;/p&gt;&lt;p&gt;&lt;img src="$IMS-CC-FILEBASE$/Uploaded%20Media/stop%20sign.png" alt="A red octagon"&gt;&lt;/p&gt;</mattext></material>')}
    ${item("matimage", '<material><mattext texttype="text/plain">And this one?</mattext><matimage imagtype="image/png" uri="pictures/give-way.png" label="A white triangle"/></material>')}
    ${item("relative", '<material><mattext texttype="text/html">&lt;p&gt;Last one.&lt;img alt=\'Blue circle\' src="pictures/ahead.png"/&gt;&lt;/p&gt;</mattext></material>')}
    ${item("missing", '<material><mattext texttype="text/html">&lt;p&gt;Lost picture&lt;img src="pictures/nowhere.png"&gt;&lt;/p&gt;</mattext></material>')}
  </section></assessment>
</questestinterop>`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="cc_signs" xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1">
  <metadata><schema>IMS Common Cartridge</schema><schemaversion>1.1.0</schemaversion></metadata>
  <organizations><organization identifier="org" structure="rooted-hierarchy"><item identifier="root">
    <item identifier="m1"><title>Week 1</title><item identifier="m1_q" identifierref="quiz"><title>Quiz</title></item></item>
  </item></organization></organizations>
  <resources>
    <resource identifier="quiz" type="imsqti_xmlv1p2/imscc_xmlv1p1/assessment">
      <file href="quiz/assessment_qti.xml"/>
      <dependency identifierref="media"/>
    </resource>
    <resource identifier="media" type="webcontent">
      <file href="web_resources/Uploaded Media/stop sign.png"/>
    </resource>
  </resources>
</manifest>`;

  it("reads a matimage and an <img> of the HTML text (Canvas's $IMS-CC-FILEBASE$ too) as the question's image", async () => {
    const response = await importCc(
      instructor.auth,
      await zip({
        "imsmanifest.xml": Buffer.from(manifest),
        "quiz/assessment_qti.xml": Buffer.from(quiz),
        "web_resources/Uploaded Media/stop sign.png": PNG,
        "quiz/pictures/give-way.png": PNG,
        "quiz/pictures/ahead.png": PNG,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.skipped).toEqual([]);
    const [signs] = (await structureOf(response.json().data.course._id)).assessments;
    expect(signs.questions.map((q) => [q.text, q.image])).toEqual([
      ["<p>What does this sign say?</p>", { mime: "image/png", alt: "A red octagon" }],
      ["And this one?", { mime: "image/png", alt: "A white triangle" }],
      ["<p>Last one.</p>", { mime: "image/png", alt: "Blue circle" }],
      ["<p>Lost picture</p>", null],
    ]);
    const row = await t.db
      .selectFrom("assessment_questions as q")
      .innerJoin("assessments as a", "a.id", "q.assessment_id")
      .select("q.image_key")
      .where("a.course_id", "=", response.json().data.course._id)
      .orderBy("q.position")
      .executeTakeFirstOrThrow();
    const chunks: Buffer[] = [];
    for await (const chunk of uploadsOf(t.dataDir).read(row.image_key as string)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
  });
});
