import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { gradebookResponseSchema, SCORM_LIMITS, SCORM_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeLesson, makeSignedInUser } from "./support/factories.js";
import { multipart } from "./support/multipart.js";
import { launchPage, manifest12, manifest2004, zipWith } from "./support/scorm-packages.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let uploads: string;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  uploads = path.join(t.dataDir, "uploads");
});
afterAll(() => t.close());

type Auth = Record<string, string>;

async function myLesson() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const lesson = await makeLesson(t.db, { course_id: course.id });
  const area = `/api/instructor/courses/${course.id}/modules/${lesson.module_id}/lessons/${lesson.id}/scorm`;
  const learnerBase = `/api/courses/${course.id}/lessons/${lesson.id}/scorm`;
  return { course, lesson, area, learnerBase };
}

const upload = (url: string, auth: Auth, zip: Buffer, filename = "package.zip") => {
  const body = multipart({}, { field: "package", filename, content: zip });
  return t.app.inject({ method: "POST", url, headers: { ...auth, ...body.headers }, payload: body.payload });
};

/** Package files the storage holds, and half-written ones. */
const storedPackageFiles = () =>
  ["scorm", ".tmp"].flatMap((folder) =>
    existsSync(path.join(uploads, folder)) ? readdirSync(path.join(uploads, folder)) : [],
  );

const scormRows = async () => ({
  packages: (await t.db.selectFrom("scorm_packages").select("id").execute()).length,
  files: (await t.db.selectFrom("scorm_files").select("id").execute()).length,
});

async function expectRefused(zip: Buffer, message: string) {
  const { area } = await myLesson();
  const before = { stored: storedPackageFiles(), rows: await scormRows() };
  const res = await upload(area, instructor.auth, zip);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(message);
  expect(storedPackageFiles()).toEqual(before.stored);
  expect(await scormRows()).toEqual(before.rows);
}

const good12 = () =>
  zipWith([
    { name: "imsmanifest.xml", data: manifest12() },
    { name: "index.html", data: launchPage },
    { name: "js/app.js", data: "window.loaded = true;" },
  ]);

describe("uploading a package", () => {
  it("unpacks a SCORM 1.2 package into the storage and reads its organisation and launch file", async () => {
    const { area, lesson } = await myLesson();
    const res = await upload(area, instructor.auth, await good12(), "safety.zip");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: SCORM_MESSAGES.uploaded.text,
      data: { package: { version: "1.2", title: "Safety basics", launchPath: "index.html", fileCount: 3 } },
    });
    const files = await t.db
      .selectFrom("scorm_files")
      .innerJoin("scorm_packages", "scorm_packages.id", "scorm_files.package_id")
      .select(["scorm_files.path", "scorm_files.storage_key"])
      .where("scorm_packages.lesson_id", "=", lesson.id)
      .orderBy("scorm_files.path")
      .execute();
    expect(files.map((f) => f.path)).toEqual(["imsmanifest.xml", "index.html", "js/app.js"]);
    for (const file of files) expect(existsSync(path.join(uploads, file.storage_key))).toBe(true);
  });

  it("reads a SCORM 2004 manifest's default organisation, nested items and xml:base", async () => {
    const { area } = await myLesson();
    const zip = await zipWith([
      { name: "imsmanifest.xml", data: manifest2004 },
      { name: "a.html", data: launchPage },
      { name: "content/start.html", data: launchPage },
    ]);
    const res = await upload(area, instructor.auth, zip);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.package).toMatchObject({
      version: "2004",
      title: "Fire drill",
      launchPath: "content/start.html",
    });
  });

  it("refuses a path that leaves the package folder, with nothing written", async () => {
    const zip = await zipWith(
      [
        { name: "imsmanifest.xml", data: manifest12() },
        { name: "index.html", data: launchPage },
        { name: "xx/evil.html", data: "<p>escaped</p>" },
      ],
      { "xx/evil.html": "../evil.html" },
    );
    await expectRefused(zip, SCORM_MESSAGES.unsafePath.text);
  });

  it("refuses absolute paths and backslashes", async () => {
    const withName = (placeholder: string, name: string) =>
      zipWith(
        [
          { name: "imsmanifest.xml", data: manifest12() },
          { name: "index.html", data: launchPage },
          { name: placeholder, data: "x" },
        ],
        { [placeholder]: name },
      );
    await expectRefused(await withName("etc/x.txt", "/etc/x.tx"), SCORM_MESSAGES.unsafePath.text);
    await expectRefused(await withName("a/b.txt", "a\\b.txt"), SCORM_MESSAGES.unsafePath.text);
    await expectRefused(await withName("C/b.txt", "C:/b.tx"), SCORM_MESSAGES.unsafePath.text);
  });

  it("refuses a symbolic link", async () => {
    const zip = await zipWith([
      { name: "imsmanifest.xml", data: manifest12() },
      { name: "index.html", data: launchPage },
      { name: "secrets", data: "/etc/passwd", mode: 0o120777 },
    ]);
    await expectRefused(zip, SCORM_MESSAGES.linkRefused.text);
  });

  it("refuses too many entries", async () => {
    const items = Array.from({ length: SCORM_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `f/${i}.txt`, data: "x" }));
    const zip = await zipWith([{ name: "imsmanifest.xml", data: manifest12() }, ...items]);
    await expectRefused(zip, SCORM_MESSAGES.tooManyEntries.text);
  });

  it("refuses a zip bomb before anything is written: the storage stays empty", async () => {
    const zip = await zipWith([
      { name: "imsmanifest.xml", data: manifest12() },
      { name: "index.html", data: launchPage },
      { name: "zeros.bin", data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    expect(zip.length).toBeLessThan(200 * 1024);
    await expectRefused(zip, SCORM_MESSAGES.compressionRatio.text);
  });

  it("refuses a package without a manifest, and reports a broken manifest with its line", async () => {
    await expectRefused(await zipWith([{ name: "index.html", data: launchPage }]), SCORM_MESSAGES.manifestMissing.text);
    const broken = manifest12().replace("<title>Part one</title>", "<title>Part one</titel>");
    const { area } = await myLesson();
    const res = await upload(
      area,
      instructor.auth,
      await zipWith([
        { name: "imsmanifest.xml", data: broken },
        { name: "index.html", data: launchPage },
      ]),
    );
    expect(res.statusCode).toBe(400);
    const line = broken.split("\n").findIndex((l) => l.includes("</titel>")) + 1;
    expect(res.json().message).toMatch(new RegExp(`^imsmanifest.xml is not valid \\(line ${line}\\): .*titel`));
  });

  it("refuses a manifest whose launch file is not in the package, and a file that is no zip", async () => {
    await expectRefused(
      await zipWith([{ name: "imsmanifest.xml", data: manifest12("missing.html") }]),
      SCORM_MESSAGES.noLaunchFile.text,
    );
    await expectRefused(Buffer.from("not a zip at all"), SCORM_MESSAGES.notAZip.text);
  });

  it("lets only the course's managers upload", async () => {
    const { area, course } = await myLesson();
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    expect((await upload(area, learner.auth, await good12())).statusCode).toBe(403);
    expect((await upload(area, other.auth, await good12())).statusCode).toBe(403);
    expect(await scormRows()).toMatchObject({ packages: expect.any(Number) });
  });
});

async function uploadedPackage() {
  const lesson = await myLesson();
  const res = await upload(lesson.area, instructor.auth, await good12());
  expect(res.statusCode).toBe(201);
  return { ...lesson, packageId: res.json().data.package._id as string, fileId: res.json().data.package.fileId };
}

const get = (url: string, auth: Auth = {}) => t.app.inject({ method: "GET", url, headers: auth });
const saveCmi = (url: string, auth: Auth, cmi: object) =>
  t.app.inject({ method: "PUT", url: `${url}/cmi`, headers: auth, payload: cmi });

describe("launching a package", () => {
  it("serves the package's pages sandboxed, with the runtime API, through a link signed for the learner", async () => {
    const { course, learnerBase } = await uploadedPackage();
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const launch = await get(learnerBase, learner.auth);
    expect(launch.statusCode).toBe(200);
    const { launchUrl, cmi } = launch.json().data;
    expect(cmi).toMatchObject({ completionStatus: "not attempted", location: "", suspendData: "" });
    expect(launchUrl).toMatch(new RegExp(`^/api/scorm/[0-9a-f]{24}/${learner.user.id}/\\d+/[\\w-]+/index\\.html$`));

    const page = await get(launchUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toBe(
      "sandbox allow-scripts allow-forms allow-popups; frame-ancestors 'self'",
    );
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("LMSInitialize");
    expect(page.body).toContain("API_1484_11");
    expect(page.body.indexOf("LMSInitialize")).toBeLessThan(page.body.indexOf("<p>Hello</p>"));

    // Relative links of the package keep the signature (it is in the path).
    const script = await get(launchUrl.replace("index.html", "js/app.js"));
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-security-policy"]).toContain("sandbox allow-scripts");
    expect(script.body).toBe("window.loaded = true;");
    expect((await get(launchUrl.replace("index.html", "nothing.html"))).statusCode).toBe(404);
  });

  it("refuses a link whose signature does not match its package and learner", async () => {
    const { course, learnerBase } = await uploadedPackage();
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const other = await makeEnrolledLearner(t.app, t.db, course.id);
    const { launchUrl } = (await get(learnerBase, learner.auth)).json().data;
    const forged = launchUrl.replace(learner.user.id, other.user.id);
    const res = await get(forged);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SCORM_MESSAGES.invalidLink.text);
    const tampered = launchUrl.replace(/\/([\w-]+)\/index\.html$/, "/AAAA$1/index.html");
    expect((await get(tampered)).statusCode).toBe(403);
  });

  it("is for readers of the course only", async () => {
    const { learnerBase } = await uploadedPackage();
    const stranger = await makeSignedInUser(t.app, t.db, "learner");
    expect((await get(learnerBase, stranger.auth)).statusCode).toBe(403);
    expect((await saveCmi(learnerBase, stranger.auth, { location: "x" })).statusCode).toBe(403);
    const { learnerBase: empty, course } = await myLesson();
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const none = await get(empty, learner.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(SCORM_MESSAGES.notFound.text);
  });
});

describe("the learner's CMI data", () => {
  it("is saved per learner, restored on the next launch and kept apart from other learners", async () => {
    const { course, learnerBase } = await uploadedPackage();
    const ada = await makeEnrolledLearner(t.app, t.db, course.id);
    const bob = await makeEnrolledLearner(t.app, t.db, course.id);
    const saved = await saveCmi(learnerBase, ada.auth, {
      completionStatus: "incomplete",
      location: "page-3",
      suspendData: "answers=1,2",
      sessionTime: "0000:01:30.00",
      interactions: [{ id: "q1", type: "choice", student_response: "b", result: "correct" }],
      finished: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: SCORM_MESSAGES.saved.text, data: { lessonCompleted: false } });

    const again = (await get(learnerBase, ada.auth)).json().data;
    expect(again.cmi).toMatchObject({
      completionStatus: "incomplete",
      location: "page-3",
      suspendData: "answers=1,2",
      totalSeconds: 90,
      interactions: [{ id: "q1", result: "correct" }],
    });
    // The page carries Ada's data for the runtime to answer from; Bob's carries none of it.
    expect((await get(again.launchUrl)).body).toContain("answers=1,2");
    const bobs = (await get(learnerBase, bob.auth)).json().data;
    expect(bobs.cmi).toMatchObject({ completionStatus: "not attempted", location: "", suspendData: "" });
    expect((await get(bobs.launchUrl)).body).not.toContain("answers=1,2");

    // A second finished session adds its time.
    await saveCmi(learnerBase, ada.auth, { ...again.cmi, sessionTime: "PT30S", finished: true });
    expect((await get(learnerBase, ada.auth)).json().data.cmi.totalSeconds).toBe(120);
  });

  it("refuses suspend data and locations longer than the package's version allows, keeping what was saved", async () => {
    const { course, learnerBase } = await uploadedPackage();
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    await saveCmi(learnerBase, learner.auth, { location: "kept", suspendData: "kept" });
    const tooLong = await saveCmi(learnerBase, learner.auth, {
      suspendData: "x".repeat(SCORM_LIMITS.suspendData["1.2"] + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(SCORM_MESSAGES.suspendDataTooLong.text);
    const far = await saveCmi(learnerBase, learner.auth, { location: "x".repeat(256) });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(SCORM_MESSAGES.locationTooLong.text);
    const bad = await saveCmi(learnerBase, learner.auth, { completionStatus: "done-ish" });
    expect(bad.statusCode).toBe(400);
    expect((await get(learnerBase, learner.auth)).json().data.cmi).toMatchObject({
      location: "kept",
      suspendData: "kept",
    });
  });

  it("completes the lesson when the package is completed, feeding the course's progress and completion", async () => {
    const { course, lesson, learnerBase, fileId } = await uploadedPackage();
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const progress = async () => (await get(`/api/courses/${course.id}/progress`, learner.auth)).json().data.progress;

    // Opening the package is not finishing it.
    const opened = await t.app.inject({
      method: "POST",
      url: `/api/courses/${course.id}/lessons/${lesson.id}/progress`,
      headers: learner.auth,
      payload: { fileId, position: 0, duration: 0 },
    });
    expect(opened.statusCode).toBe(200);
    expect(await progress()).toMatchObject({ resourcesViewed: 0, totalResources: 1, complete: false });
    await saveCmi(learnerBase, learner.auth, { completionStatus: "incomplete", location: "2" });
    expect(await progress()).toMatchObject({ resourcesViewed: 0, complete: false });

    const done = await saveCmi(learnerBase, learner.auth, {
      completionStatus: "completed",
      successStatus: "passed",
      score: { raw: 80, min: 0, max: 100 },
    });
    expect(done.json().data.lessonCompleted).toBe(true);
    expect(await progress()).toMatchObject({ resourcesViewed: 1, totalResources: 1, percentage: 100, complete: true });
    const enrollment = await t.db
      .selectFrom("enrollments")
      .select("completed_at")
      .where("user_id", "=", learner.user.id)
      .where("course_id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect(enrollment.completed_at).not.toBeNull();
  });
});

describe("package scores in the gradebook", () => {
  it("shows each learner's score on the course's packages: scaled, or raw over max", async () => {
    const { course, learnerBase, packageId, lesson } = await uploadedPackage();
    const ada = await makeEnrolledLearner(t.app, t.db, course.id);
    const bob = await makeEnrolledLearner(t.app, t.db, course.id);
    const cy = await makeEnrolledLearner(t.app, t.db, course.id);
    await saveCmi(learnerBase, ada.auth, { successStatus: "passed", score: { raw: 40, min: 0, max: 50 } });
    await saveCmi(learnerBase, bob.auth, { completionStatus: "incomplete", score: { scaled: 0.25 } });
    await saveCmi(learnerBase, cy.auth, { completionStatus: "incomplete", location: "1" });

    const book = await get(`/api/courses/${course.id}/gradebook`, instructor.auth);
    expect(book.statusCode).toBe(200);
    const { packages, rows } = gradebookResponseSchema.parse(book.json()).data;
    expect(packages).toEqual([{ _id: packageId, lessonId: lesson.id, title: lesson.title, kind: "scorm" }]);
    const scoreOf = (userId: string) => rows.find((r) => r.learner._id === userId)?.packageScores;
    expect(scoreOf(ada.user.id)).toEqual([80]);
    expect(scoreOf(bob.user.id)).toEqual([25]);
    expect(scoreOf(cy.user.id)).toEqual([null]);

    // A learner sees only their own.
    const own = gradebookResponseSchema.parse((await get(`/api/courses/${course.id}/gradebook`, ada.auth)).json()).data;
    expect(own.rows.map((r) => r.packageScores)).toEqual([[80]]);
  });
});

describe("removing a package", () => {
  const keysOf = async (packageId: string) =>
    (await t.db.selectFrom("scorm_files").select("storage_key").where("package_id", "=", packageId).execute()).map(
      (r) => r.storage_key,
    );
  const stored = (keys: string[]) => keys.filter((key) => existsSync(path.join(uploads, key)));

  it("removes its unpacked files with its lesson file, its lesson, or a new package in its place", async () => {
    const first = await uploadedPackage();
    const firstKeys = await keysOf(first.packageId);
    expect(stored(firstKeys)).toHaveLength(3);
    const replaced = await upload(first.area, instructor.auth, await good12());
    expect(replaced.statusCode).toBe(201);
    expect(stored(firstKeys)).toEqual([]);

    const secondKeys = await keysOf(replaced.json().data.package._id);
    const fileUrl = first.area.replace(/\/scorm$/, `/content/${replaced.json().data.package.fileId}`);
    expect((await t.app.inject({ method: "DELETE", url: fileUrl, headers: instructor.auth })).statusCode).toBe(200);
    expect(stored(secondKeys)).toEqual([]);

    const other = await uploadedPackage();
    const otherKeys = await keysOf(other.packageId);
    const lessonUrl = other.area.replace(/\/scorm$/, "");
    expect((await t.app.inject({ method: "DELETE", url: lessonUrl, headers: instructor.auth })).statusCode).toBe(200);
    expect(stored(otherKeys)).toEqual([]);
    expect(await keysOf(other.packageId)).toEqual([]);
  });
});
