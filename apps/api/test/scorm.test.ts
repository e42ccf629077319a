import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { SCORM_LIMITS, SCORM_MESSAGES } from "@lms/contract";
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
