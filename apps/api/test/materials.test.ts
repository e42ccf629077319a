import { existsSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeAnnouncement, makeCourse, makeEnrollment, makeMaterial, makeSignedInUser } from "./support/factories.js";
import { postMaterial } from "./support/materials.js";
import { EXE, MP4, PDF } from "./support/multipart.js";
import { forgeSignature } from "./support/signed-urls.js";

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

const createMaterial = (
  courseId: string,
  auth: Record<string, string>,
  fields: Record<string, string>,
  file?: { filename: string; content: Buffer },
  area: "instructor" | "admin" = "instructor",
) => postMaterial(t.app, courseId, auth, fields, { file, area });

const myCourse = () => makeCourse(t.db, { instructor_id: instructor.user.id });

describe("materials", () => {
  it("uploads a file material with its type from the content and lists it", async () => {
    const course = await myCourse();
    const pdf = await createMaterial(
      course.id,
      instructor.auth,
      { title: "Slides", description: "Week 1" },
      { filename: "week1.pdf", content: PDF },
    );
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({
      message: MESSAGES.materialCreated.text,
      data: {
        material: {
          title: "Slides",
          description: "Week 1",
          type: "pdf",
          fileName: "week1.pdf",
          downloads: 0,
          size: PDF.length,
          mimeType: "application/pdf",
        },
      },
    });
    expect(pdf.json().data.material.url).toMatch(/^\/api\/materials\/[0-9a-f]{24}\/download\?expires=\d+&sig=/);
    const video = await createMaterial(
      course.id,
      admin.auth,
      { title: "Clip" },
      { filename: "c.mp4", content: MP4 },
      "admin",
    );
    expect(video.json().data.material.type).toBe("video");
    const link = await createMaterial(course.id, instructor.auth, { title: "Docs", url: "https://example.test/docs" });
    expect(link.json().data.material).toMatchObject({ type: "link", url: "https://example.test/docs", fileName: null });

    const list = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/materials`,
      headers: instructor.auth,
    });
    expect(
      list
        .json()
        .data.materials.map((m: { title: string }) => m.title)
        .sort(),
    ).toEqual(["Clip", "Docs", "Slides"]);
    expect(list.json().data.pagination.total).toBe(3);
  });

  it("needs a title and a file or a link, and checks the file like lesson files", async () => {
    const course = await myCourse();
    const noFile = await createMaterial(course.id, instructor.auth, { title: "Nothing" });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(MESSAGES.selectFile.text);
    const noTitle = await createMaterial(course.id, instructor.auth, {}, { filename: "a.pdf", content: PDF });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(MESSAGES.titleRequired.text);
    const badLink = await createMaterial(course.id, instructor.auth, { title: "x", url: "javascript:alert(1)" });
    expect(badLink.json().message).toBe(MESSAGES.invalidUrl.text);
    const exe = await createMaterial(course.id, instructor.auth, { title: "x" }, { filename: "a.pdf", content: EXE });
    expect(exe.statusCode).toBe(415);
    const count = await t.db.selectFrom("materials").select("id").where("course_id", "=", course.id).execute();
    expect(count).toEqual([]);
  });

  it("downloads as an attachment, counts each download and logs it", async () => {
    const course = await myCourse();
    const material = (
      await createMaterial(course.id, instructor.auth, { title: "Slides" }, { filename: "week1.pdf", content: PDF })
    ).json().data.material;
    const url = `/api/instructor/courses/${course.id}/materials/${material._id}/download`;
    const first = await t.app.inject({ method: "GET", url, headers: instructor.auth });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers["content-disposition"]).toContain('attachment; filename="week1.pdf"');
    expect(first.rawPayload.equals(PDF)).toBe(true);
    // A later range of the same download is not a new download.
    await t.app.inject({ method: "GET", url, headers: { ...instructor.auth, range: "bytes=10-" } });
    const signed = await t.app.inject({ method: "GET", url: material.url });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers["content-disposition"]).toContain("attachment");
    const row = await t.db
      .selectFrom("materials")
      .select("downloads")
      .where("id", "=", material._id)
      .executeTakeFirstOrThrow();
    expect(row.downloads).toBe(2);
    const logged = await t.db
      .selectFrom("activities")
      .select("type")
      .where("course_id", "=", course.id)
      .where("type", "=", "material_download")
      .execute();
    expect(logged.length).toBe(1);

    const forged = await t.app.inject({ method: "GET", url: forgeSignature(material.url) });
    expect(forged.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url, headers: otherInstructor.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url, headers: learner.auth })).statusCode).toBe(403);
  });

  it("edits and deletes a material, removing its stored file", async () => {
    const course = await myCourse();
    const material = (
      await createMaterial(course.id, instructor.auth, { title: "Slides" }, { filename: "s.pdf", content: PDF })
    ).json().data.material;
    const base = `/api/instructor/courses/${course.id}/materials/${material._id}`;
    const edited = await t.app.inject({
      method: "PUT",
      url: base,
      headers: instructor.auth,
      payload: { title: "Slides v2" },
    });
    expect(edited.json().data.material).toMatchObject({ title: "Slides v2", type: "pdf" });
    const { storage_key } = await t.db
      .selectFrom("materials")
      .select("storage_key")
      .where("id", "=", material._id)
      .executeTakeFirstOrThrow();
    const file = path.join(t.dataDir, "uploads", storage_key as string);
    expect(existsSync(file)).toBe(true);
    expect((await t.app.inject({ method: "DELETE", url: base, headers: otherInstructor.auth })).statusCode).toBe(403);
    const removed = await t.app.inject({ method: "DELETE", url: base, headers: instructor.auth });
    expect(removed.json().message).toBe(MESSAGES.materialDeleted.text);
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: material.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: base, headers: instructor.auth })).statusCode).toBe(404);
  });

  it("shows materials with signed links to enrolled learners in the course detail", async () => {
    const course = await myCourse();
    await createMaterial(course.id, instructor.auth, { title: "Slides" }, { filename: "s.pdf", content: PDF });
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/detail`,
      headers: learner.auth,
    });
    const [material] = detail.json().data.course.materials;
    expect(material.title).toBe("Slides");
    expect((await t.app.inject({ method: "GET", url: material.url })).statusCode).toBe(200);
  });
});

describe("GET /api/instructor/dashboard/materials", () => {
  it("lists the newest materials of the instructor's own courses with the course title", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id, title: "Dashboard course" });
    await makeMaterial(t.db, { course_id: course.id, title: "Old", created_at: "2020-01-01T00:00:00.000Z" });
    await makeMaterial(t.db, { course_id: course.id, title: "New" });
    await makeMaterial(t.db, { title: "Someone else's" });
    const url = "/api/instructor/dashboard/materials?limit=1";
    const response = await t.app.inject({ method: "GET", url, headers: teacher.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      total: 2,
      materials: [{ title: "New", courseTitle: "Dashboard course" }],
    });
    const all = await t.app.inject({ method: "GET", url, headers: admin.auth });
    expect(all.json().data.total).toBeGreaterThan(2);
    expect((await t.app.inject({ method: "GET", url, headers: learner.auth })).statusCode).toBe(403);
  });
});

describe("announcements", () => {
  it("creates, lists, edits and deletes announcements of the instructor's course", async () => {
    const course = await myCourse();
    const base = `/api/instructor/courses/${course.id}/announcements`;
    const created = await t.app.inject({
      method: "POST",
      url: base,
      headers: instructor.auth,
      payload: { title: "Welcome", content: "Read chapter one." },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.announcement).toMatchObject({
      title: "Welcome",
      description: "",
      content: "Read chapter one.",
      author: { _id: instructor.user.id },
    });
    const id = created.json().data.announcement._id;
    await makeAnnouncement(t.db, { course_id: course.id, title: "Older", created_at: "2020-01-01T00:00:00.000Z" });
    const list = await t.app.inject({ method: "GET", url: base, headers: admin.auth });
    expect(list.json().data.announcements.map((a: { title: string }) => a.title)).toEqual(["Welcome", "Older"]);

    const edited = await t.app.inject({
      method: "PUT",
      url: `${base}/${id}`,
      headers: instructor.auth,
      payload: { title: "Hi" },
    });
    expect(edited.json().data.announcement).toMatchObject({ title: "Hi", content: "Read chapter one." });
    const noTitle = await t.app.inject({ method: "POST", url: base, headers: instructor.auth, payload: { title: "" } });
    expect(noTitle.json().message).toBe(MESSAGES.titleRequired.text);
    expect(
      (await t.app.inject({ method: "POST", url: base, headers: otherInstructor.auth, payload: { title: "x" } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `${base}/${id}`, headers: instructor.auth })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: "DELETE", url: `${base}/${id}`, headers: instructor.auth })).statusCode).toBe(
      404,
    );
  });
});
