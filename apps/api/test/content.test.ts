import { existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_SYSTEM_SETTINGS, fileTooLargeMessage, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  makeCourse,
  makeEnrollment,
  makeLesson,
  makeLessonFile,
  makeModule,
  makeRecording,
  makeSession,
  makeSignedInUser,
} from "./support/factories.js";
import { EXE, MP3, MP4, multipart, PDF, PNG, PPTX, zipOf } from "./support/multipart.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let otherInstructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;
let uploads: string;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  otherInstructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
  uploads = path.join(t.dataDir, "uploads");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const json = (method: "POST" | "PUT" | "DELETE", url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

const upload = (url: string, auth: Auth, filename: string, content: Buffer, field = "content") => {
  const body = multipart({}, { field, filename, content });
  return t.app.inject({ method: "POST", url, headers: { ...auth, ...body.headers }, payload: body.payload });
};

async function myLesson() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  const lesson = await makeLesson(t.db, { course_id: course.id });
  const base = `/api/instructor/courses/${course.id}/modules/${lesson.module_id}/lessons/${lesson.id}`;
  return { course, lesson, base };
}

const storedFiles = (prefix: string) =>
  existsSync(path.join(uploads, prefix)) ? readdirSync(path.join(uploads, prefix)) : [];

describe("modules and lessons", () => {
  it("creates, orders, edits and deletes modules and lessons of the instructor's course", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const base = `/api/instructor/courses/${course.id}/modules`;
    const first = await json("POST", base, instructor.auth, { title: "Basics" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: MESSAGES.moduleCreated.text,
      data: { module: { title: "Basics", description: "", order: 1, lessons: [], courseId: course.id } },
    });
    const second = await json("POST", base, instructor.auth, { title: "Next", description: "More" });
    expect(second.json().data.module.order).toBe(2);
    const moduleId = first.json().data.module._id;

    const lesson = await json("POST", `${base}/${moduleId}/lessons`, instructor.auth, {
      title: "Hello",
      description: "First steps",
      order: 1,
    });
    expect(lesson.statusCode).toBe(201);
    expect(lesson.json().data.lesson).toMatchObject({ title: "Hello", isPublished: true, order: 1, files: [] });
    const lessonId = lesson.json().data.lesson._id;

    const edited = await json("PUT", `${base}/${moduleId}/lessons/${lessonId}`, instructor.auth, {
      isPublished: false,
      title: "Hello again",
    });
    expect(edited.json().data.lesson).toMatchObject({
      title: "Hello again",
      isPublished: false,
      description: "First steps",
    });

    const moduleEdit = await json("PUT", `${base}/${moduleId}`, instructor.auth, { order: 3 });
    expect(moduleEdit.json().data.module).toMatchObject({ order: 3, title: "Basics" });
    expect(moduleEdit.json().data.module.lessons.map((l: { _id: string }) => l._id)).toEqual([lessonId]);

    expect((await json("DELETE", `${base}/${moduleId}/lessons/${lessonId}`, instructor.auth)).statusCode).toBe(200);
    expect((await json("DELETE", `${base}/${moduleId}`, instructor.auth)).json().message).toBe(
      MESSAGES.moduleDeleted.text,
    );
    expect((await json("DELETE", `${base}/${moduleId}`, instructor.auth)).statusCode).toBe(404);
  });

  it("validates titles and orders with the spec's messages", async () => {
    const module = await makeModule(t.db, {
      course_id: (await makeCourse(t.db, { instructor_id: instructor.user.id })).id,
    });
    const base = `/api/instructor/courses/${module.course_id}/modules`;
    const noTitle = await json("POST", base, instructor.auth, { title: " " });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(MESSAGES.titleRequired.text);
    expect((await json("POST", base, instructor.auth, { title: "x", order: 0 })).json().message).toBe(
      MESSAGES.orderMin.text,
    );
    const noLessonTitle = await json("POST", `${base}/${module.id}/lessons`, instructor.auth, {});
    expect(noLessonTitle.json().message).toBe(MESSAGES.lessonTitleRequired.text);
  });

  it("keeps other instructors, learners and unknown or foreign ids out", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const module = await makeModule(t.db, { course_id: course.id });
    const foreignModule = await makeModule(t.db);
    const base = `/api/instructor/courses/${course.id}/modules`;
    expect((await json("POST", base, otherInstructor.auth, { title: "x" })).statusCode).toBe(403);
    expect((await json("POST", base, learner.auth, { title: "x" })).statusCode).toBe(403);
    expect((await json("POST", base, {}, { title: "x" })).statusCode).toBe(401);
    const wrongCourse = await json("POST", `${base}/${foreignModule.id}/lessons`, instructor.auth, { title: "x" });
    expect(wrongCourse.statusCode).toBe(404);
    expect(wrongCourse.json().message).toBe(MESSAGES.moduleNotFound.text);
    expect((await json("PUT", `${base}/${module.id}/lessons/${"c".repeat(24)}`, instructor.auth, {})).statusCode).toBe(
      404,
    );
    expect((await json("PUT", `${base}/nope`, instructor.auth, {})).statusCode).toBe(400);
    // Admins reach every course, through their own area too.
    const viaAdmin = await json("POST", `/api/admin/courses/${course.id}/modules/${module.id}/lessons`, admin.auth, {
      title: "By admin",
    });
    expect(viaAdmin.statusCode).toBe(201);
  });
});

describe("editing and deleting content", () => {
  /** A course of `instructor` with two modules; the first has a lesson with a stored file. */
  async function myContent() {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const module = await makeModule(t.db, { course_id: course.id, title: "Introduction", description: "Start here" });
    const otherModule = await makeModule(t.db, { course_id: course.id, sort_order: 2 });
    const lesson = await makeLesson(t.db, { module_id: module.id });
    const file = await makeLessonFile(t.db, { lesson_id: lesson.id, storageRoot: uploads });
    const modules = `/api/instructor/courses/${course.id}/modules`;
    const lessonUrl = `${modules}/${module.id}/lessons/${lesson.id}`;
    return { course, module, otherModule, lesson, file, modules, lessonUrl };
  }
  const stored = (key: string) => existsSync(path.join(uploads, key));
  const unknown = "f".repeat(24);

  it("edits a module's title, description and order, validating each", async () => {
    const { module, modules } = await myContent();
    const edited = await json("PUT", `${modules}/${module.id}`, instructor.auth, {
      title: "  Welcome  ",
      description: "",
      order: 5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: MESSAGES.moduleUpdated.text,
      data: { module: { title: "Welcome", description: "", order: 5 } },
    });
    const noTitle = await json("PUT", `${modules}/${module.id}`, instructor.auth, { title: " " });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(MESSAGES.titleRequired.text);
    const badOrder = await json("PUT", `${modules}/${module.id}`, instructor.auth, { order: 1.5 });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().message).toBe(MESSAGES.orderMin.text);
    const row = await t.db.selectFrom("modules").selectAll().where("id", "=", module.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: "Welcome", description: "", sort_order: 5 });
  });

  it("answers 404 for unknown or mismatched ids and touches nothing", async () => {
    const { course, module, otherModule, lesson, file, modules, lessonUrl } = await myContent();
    const foreign = await makeLessonFile(t.db, { storageRoot: uploads });
    const expect404 = async (method: "PUT" | "DELETE", url: string, message: string) => {
      const response = await json(method, url, instructor.auth, method === "PUT" ? { title: "x" } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(message);
    };
    await expect404("PUT", `/api/instructor/courses/${unknown}/modules/${module.id}`, MESSAGES.courseNotFound.text);
    await expect404("PUT", `${modules}/${unknown}`, MESSAGES.moduleNotFound.text);
    await expect404("DELETE", `${modules}/${unknown}`, MESSAGES.moduleNotFound.text);
    await expect404("DELETE", `${modules}/${unknown}/lessons/${lesson.id}`, MESSAGES.moduleNotFound.text);
    await expect404("DELETE", `${modules}/${module.id}/lessons/${unknown}`, MESSAGES.lessonNotFound.text);
    // The lesson exists, but in the other module of the course.
    await expect404("DELETE", `${modules}/${otherModule.id}/lessons/${lesson.id}`, MESSAGES.lessonNotFound.text);
    await expect404("DELETE", `${lessonUrl}/content/${unknown}`, MESSAGES.fileNotFound.text);
    // A file of another course's lesson, asked for under this lesson.
    await expect404("DELETE", `${lessonUrl}/content/${foreign.id}`, MESSAGES.fileNotFound.text);
    const badId = await json("DELETE", `${lessonUrl}/content/not-an-id`, instructor.auth);
    expect(badId.statusCode).toBe(400);

    expect(stored(file.storage_key) && stored(foreign.storage_key)).toBe(true);
    const files = await t.db.selectFrom("lesson_files").select("id").where("course_id", "=", course.id).execute();
    expect(files.map((f) => f.id)).toEqual([file.id]);
  });

  it("keeps other instructors and learners, even enrolled ones, out of every edit and delete", async () => {
    const { course, module, lesson, file, modules, lessonUrl } = await myContent();
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
    const calls: ["PUT" | "DELETE", string][] = [
      ["PUT", `${modules}/${module.id}`],
      ["DELETE", `${lessonUrl}/content/${file.id}`],
      ["DELETE", lessonUrl],
      ["DELETE", `${modules}/${module.id}`],
    ];
    for (const [method, url] of calls) {
      for (const who of [otherInstructor, learner]) {
        const response = await json(method, url, who.auth, method === "PUT" ? { title: "Taken over" } : undefined);
        expect(response.statusCode, `${method} ${url} as ${who.user.role}`).toBe(403);
      }
      expect((await json(method, url, {})).statusCode).toBe(401);
    }
    const other = await json(
      "DELETE",
      `/api/instructor/courses/${course.id}/modules/${module.id}`,
      otherInstructor.auth,
    );
    expect(other.json().message).toBe(MESSAGES.notYourCourse.text);
    expect(stored(file.storage_key)).toBe(true);
    const row = await t.db.selectFrom("modules").select("title").where("id", "=", module.id).executeTakeFirstOrThrow();
    expect(row.title).toBe("Introduction");
    expect(await t.db.selectFrom("lessons").select("id").where("id", "=", lesson.id).executeTakeFirst()).toBeDefined();
  });

  it("lets an admin edit and delete any course's content through the admin area", async () => {
    const { course, module, lesson, file } = await myContent();
    const base = `/api/admin/courses/${course.id}/modules/${module.id}`;
    expect((await json("PUT", base, admin.auth, { title: "By admin" })).json().data.module.title).toBe("By admin");
    expect((await json("DELETE", `${base}/lessons/${lesson.id}/content/${file.id}`, admin.auth)).statusCode).toBe(200);
    expect(stored(file.storage_key)).toBe(false);
    expect((await json("DELETE", `${base}/lessons/${lesson.id}`, admin.auth)).statusCode).toBe(200);
    expect((await json("DELETE", base, admin.auth)).statusCode).toBe(200);
  });

  it("leaves the course detail without what was deleted, down to the stored files", async () => {
    const { course, module, otherModule, lesson, file, modules, lessonUrl } = await myContent();
    const second = await makeLessonFile(t.db, { lesson_id: lesson.id, storageRoot: uploads });
    const detail = async () =>
      (
        await t.app.inject({ method: "GET", url: `/api/instructor/courses/${course.id}`, headers: instructor.auth })
      ).json().data.course.modules as { _id: string; lessons: { _id: string; files: { _id: string }[] }[] }[];

    expect((await json("DELETE", `${lessonUrl}/content/${file.id}`, instructor.auth)).json().message).toBe(
      MESSAGES.fileDeleted.text,
    );
    expect((await detail())[0].lessons[0].files.map((f) => f._id)).toEqual([second.id]);
    expect((await json("DELETE", `${lessonUrl}/content/${file.id}`, instructor.auth)).statusCode).toBe(404);

    expect((await json("DELETE", lessonUrl, instructor.auth)).json().message).toBe(MESSAGES.lessonDeleted.text);
    expect((await detail())[0].lessons).toEqual([]);
    expect(stored(second.storage_key)).toBe(false);
    expect(await t.db.selectFrom("lesson_files").select("id").where("id", "=", second.id).executeTakeFirst()).toBe(
      undefined,
    );

    expect((await json("DELETE", `${modules}/${module.id}`, instructor.auth)).statusCode).toBe(200);
    expect((await detail()).map((m) => m._id)).toEqual([otherModule.id]);
  });
});

describe("lesson files", () => {
  it("streams a file to storage under a generated name, detects its type and answers a signed url", async () => {
    const { base, lesson } = await myLesson();
    const response = await upload(`${base}/content`, instructor.auth, "../../etc/passwd.pdf", PDF);
    expect(response.statusCode).toBe(201);
    const file = response.json().data.file;
    expect(file).toMatchObject({ name: "passwd.pdf", type: "application/pdf", size: PDF.length, progress: null });
    expect(file.url).toMatch(new RegExp(`^/api/media/${file._id}\\?expires=\\d+&sig=[\\w-]+$`));
    const row = await t.db.selectFrom("lesson_files").selectAll().where("id", "=", file._id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^lessons\/[0-9a-f]{24}$/);
    expect(row.lesson_id).toBe(lesson.id);
    expect(existsSync(path.join(uploads, row.storage_key))).toBe(true);
    expect(existsSync(path.join(t.dataDir, "etc"))).toBe(false);

    const media = await t.app.inject({ method: "GET", url: file.url });
    expect(media.statusCode).toBe(200);
    expect(media.headers["content-type"]).toBe("application/pdf");
    expect(media.headers["content-disposition"]).toContain('inline; filename="passwd.pdf"');
    expect(media.rawPayload.equals(PDF)).toBe(true);
    const download = await t.app.inject({ method: "GET", url: `${file.url}&download=1` });
    expect(download.headers["content-disposition"]).toContain("attachment");
  });

  it("serves byte ranges with 206 and a correct Content-Range, and 416 past the end", async () => {
    const { base } = await myLesson();
    const file = (await upload(`${base}/content`, instructor.auth, "clip.mp4", MP4)).json().data.file;
    expect(file.type).toBe("video/mp4");
    const partial = await t.app.inject({ method: "GET", url: file.url, headers: { range: "bytes=100-199" } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers["content-range"]).toBe(`bytes 100-199/${MP4.length}`);
    expect(partial.headers["content-length"]).toBe("100");
    expect(partial.rawPayload.equals(MP4.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: "GET", url: file.url, headers: { range: "bytes=-10" } });
    expect(tail.headers["content-range"]).toBe(`bytes ${MP4.length - 10}-${MP4.length - 1}/${MP4.length}`);
    const beyond = await t.app.inject({ method: "GET", url: file.url, headers: { range: `bytes=${MP4.length}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it("refuses a forged, expired or foreign signature with 403, and a missing one with 400", async () => {
    const { base } = await myLesson();
    const file = (await upload(`${base}/content`, instructor.auth, "a.png", PNG)).json().data.file;
    const url = new URL(file.url, "http://x");
    const sig = url.searchParams.get("sig") ?? "";
    const expires = url.searchParams.get("expires") ?? "";
    const forged = await t.app.inject({ method: "GET", url: `/api/media/${file._id}?expires=${expires}&sig=${sig}x` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MESSAGES.invalidMediaLink.text);
    const later = Number(expires) + 60;
    expect(
      (await t.app.inject({ method: "GET", url: `/api/media/${file._id}?expires=${later}&sig=${sig}` })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/media/${file._id}?expires=1&sig=${sig}` })).statusCode).toBe(
      403,
    );
    const other = `/api/media/${"d".repeat(24)}?expires=${expires}&sig=${sig}`;
    expect((await t.app.inject({ method: "GET", url: other })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/media/${file._id}` })).statusCode).toBe(400);
  });

  it("refuses a file over maxFileSize with 413 and keeps nothing", async () => {
    const { base } = await myLesson();
    await saveSystemSettings(t.db, { maxFileSize: 1 });
    const before = storedFiles("lessons").length;
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const response = await upload(`${base}/content`, instructor.auth, "big.pdf", big);
    await saveSystemSettings(t.db, { maxFileSize: DEFAULT_SYSTEM_SETTINGS.maxFileSize });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(fileTooLargeMessage(1));
    expect(storedFiles("lessons").length).toBe(before);
    expect(readdirSync(path.join(uploads, ".tmp"))).toEqual([]);
  });

  it("takes any type as a lesson file, whatever allowedFileTypes says, and serves what a browser would not just show as a download", async () => {
    const { base } = await myLesson();
    await saveSystemSettings(t.db, { allowedFileTypes: ["pdf"] });
    const files = {
      "slides.pptx": PPTX,
      "bundle.zip": zipOf({ "notes/readme.txt": "hello" }),
      "notes.txt": Buffer.from("Plain notes\n"),
      "setup.exe": EXE,
    };
    for (const [name, content] of Object.entries(files)) {
      const response = await upload(`${base}/content`, instructor.auth, name, content);
      expect(response.statusCode, name).toBe(201);
      const media = await t.app.inject({ method: "GET", url: response.json().data.file.url });
      expect(media.statusCode).toBe(200);
      expect(media.headers["content-disposition"]).toContain(`attachment; filename="${name}"`);
      expect(media.headers["x-content-type-options"]).toBe("nosniff");
      expect(media.rawPayload.equals(content)).toBe(true);
    }
    const song = (await upload(`${base}/content`, instructor.auth, "song.mp3", MP3)).json().data.file;
    expect(song.type).toBe("audio/mpeg");
    const played = await t.app.inject({ method: "GET", url: song.url });
    expect(played.headers["content-disposition"]).toContain("inline");
    await saveSystemSettings(t.db, { allowedFileTypes: DEFAULT_SYSTEM_SETTINGS.allowedFileTypes });
  });

  it("never serves an uploaded HTML page or SVG inline on our origin", async () => {
    const { base } = await myLesson();
    const pages = {
      "page.html": "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
      "drawing.svg": '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "bare.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
    };
    for (const [name, text] of Object.entries(pages)) {
      const file = (await upload(`${base}/content`, instructor.auth, name, Buffer.from(text))).json().data.file;
      const media = await t.app.inject({ method: "GET", url: file.url });
      expect(media.headers["content-disposition"], name).toContain("attachment");
      expect(media.headers["x-content-type-options"]).toBe("nosniff");
      expect(media.headers["content-type"]).not.toMatch(/html|svg/);
    }
  });

  it("needs multipart with a file in `content`", async () => {
    const { base } = await myLesson();
    const notMultipart = await json("POST", `${base}/content`, instructor.auth, { file: "x" });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json().message).toBe(MESSAGES.multipartRequired.text);
    const wrongField = await upload(`${base}/content`, instructor.auth, "a.pdf", PDF, "file");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(MESSAGES.selectAtLeastOneFile.text);
  });

  it("refuses uploads to another instructor's lesson before reading the file", async () => {
    const { base } = await myLesson();
    const response = await upload(`${base}/content`, otherInstructor.auth, "a.pdf", PDF);
    expect(response.statusCode).toBe(403);
    const unknown = await upload(
      `${base.replace(/lessons\/\w+$/, `lessons/${"e".repeat(24)}`)}/content`,
      instructor.auth,
      "a.pdf",
      PDF,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.lessonNotFound.text);
  });

  it("deletes a file, a lesson and a module together with their stored files", async () => {
    const { base, course, lesson } = await myLesson();
    const keyOf = async (id: string) =>
      (await t.db.selectFrom("lesson_files").select("storage_key").where("id", "=", id).executeTakeFirstOrThrow())
        .storage_key;
    const one = (await upload(`${base}/content`, instructor.auth, "one.pdf", PDF)).json().data.file;
    const two = (await upload(`${base}/content`, instructor.auth, "two.png", PNG)).json().data.file;
    const [oneKey, twoKey] = [await keyOf(one._id), await keyOf(two._id)];

    const removeOne = await json("DELETE", `${base}/content/${one._id}`, instructor.auth);
    expect(removeOne.json().message).toBe(MESSAGES.fileDeleted.text);
    expect(existsSync(path.join(uploads, oneKey))).toBe(false);
    expect(existsSync(path.join(uploads, twoKey))).toBe(true);

    expect((await json("DELETE", base, instructor.auth)).statusCode).toBe(200);
    expect(existsSync(path.join(uploads, twoKey))).toBe(false);

    const other = await makeLesson(t.db, { module_id: lesson.module_id });
    const otherBase = `/api/instructor/courses/${course.id}/modules/${lesson.module_id}/lessons/${other.id}`;
    const three = (await upload(`${otherBase}/content`, instructor.auth, "three.pdf", PDF)).json().data.file;
    const threeKey = await keyOf(three._id);
    await json("DELETE", `/api/instructor/courses/${course.id}/modules/${lesson.module_id}`, instructor.auth);
    expect(existsSync(path.join(uploads, threeKey))).toBe(false);
  });

  it("deleting a course removes its lesson, material and recording files from storage", async () => {
    const { base, course } = await myLesson();
    const file = (await upload(`${base}/content`, instructor.auth, "one.pdf", PDF)).json().data.file;
    const material = multipart({ title: "Slides" }, { field: "material", filename: "slides.pdf", content: PDF });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/instructor/courses/${course.id}/materials`,
      headers: { ...instructor.auth, ...material.headers },
      payload: material.payload,
    });
    expect(created.statusCode).toBe(201);
    const keys = [
      (await t.db.selectFrom("lesson_files").select("storage_key").where("id", "=", file._id).executeTakeFirstOrThrow())
        .storage_key,
      (
        await t.db
          .selectFrom("materials")
          .select("storage_key")
          .where("id", "=", created.json().data.material._id)
          .executeTakeFirstOrThrow()
      ).storage_key as string,
    ];
    const session = await makeSession(t.db, { course_id: course.id });
    const recording = await makeRecording(t.db, {
      session_id: session.id,
      storage_key: "recordings/of-deleted-course",
    });
    await mkdir(path.join(uploads, "recordings"), { recursive: true });
    await writeFile(path.join(uploads, recording.storage_key as string), "video");
    keys.push(recording.storage_key as string);
    for (const key of keys) expect(existsSync(path.join(uploads, key))).toBe(true);

    expect((await json("DELETE", `/api/admin/courses/${course.id}`, admin.auth)).statusCode).toBe(200);
    for (const key of keys) expect(existsSync(path.join(uploads, key))).toBe(false);
    const left = await t.db.selectFrom("lessons").select("id").where("course_id", "=", course.id).execute();
    expect(left).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: file.url })).statusCode).toBe(404);
  });
});
