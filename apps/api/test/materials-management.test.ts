import { existsSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeAnnouncement, makeCourse, makeEnrollment, makeMaterial, makeSignedInUser } from "./support/factories.js";
import { postMaterial } from "./support/materials.js";
import { PDF } from "./support/multipart.js";

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

const UNKNOWN_ID = "0123456789abcdef01234567";

/** A course of `instructor` in which `learner` is enrolled. */
async function enrolledCourse() {
  const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
  await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
  return course;
}

async function fileMaterial(courseId: string) {
  const response = await postMaterial(
    t.app,
    courseId,
    instructor.auth,
    { title: "Slides", description: "Week 1" },
    { file: { filename: "slides.pdf", content: PDF } },
  );
  const { material } = response.json().data;
  const { storage_key } = await t.db
    .selectFrom("materials")
    .select("storage_key")
    .where("id", "=", material._id)
    .executeTakeFirstOrThrow();
  return { material, file: path.join(t.dataDir, "uploads", storage_key as string) };
}

const materialRow = (id: string) => t.db.selectFrom("materials").selectAll().where("id", "=", id).executeTakeFirst();
const announcementRow = (id: string) =>
  t.db.selectFrom("announcements").selectAll().where("id", "=", id).executeTakeFirst();

describe("editing materials", () => {
  it("changes a file material's title and description and keeps its file", async () => {
    const course = await enrolledCourse();
    const { material, file } = await fileMaterial(course.id);
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}/materials/${material._id}`,
      headers: instructor.auth,
      payload: { title: "Slides, revised", description: "" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.material).toMatchObject({
      title: "Slides, revised",
      description: "",
      type: "pdf",
      fileName: "slides.pdf",
    });
    expect(edited.json().data.material.url).toMatch(/^\/api\/materials\/[0-9a-f]{24}\/download\?/);
    expect(await materialRow(material._id)).toMatchObject({ title: "Slides, revised", description: "" });
    expect(existsSync(file)).toBe(true);
  });

  it("lets an admin edit any course's material through the admin area", async () => {
    const course = await enrolledCourse();
    const material = await makeMaterial(t.db, { course_id: course.id });
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/admin/courses/${course.id}/materials/${material.id}`,
      headers: admin.auth,
      payload: { title: "Checked by admin" },
    });
    expect(edited.statusCode).toBe(200);
    expect((await materialRow(material.id))?.title).toBe("Checked by admin");
  });

  it("refuses a url for a file, an empty title, unknown ids and materials of another course", async () => {
    const course = await enrolledCourse();
    const { material } = await fileMaterial(course.id);
    const base = `/api/instructor/courses/${course.id}/materials`;
    const put = (url: string, payload: object) =>
      t.app.inject({ method: "PUT", url, headers: instructor.auth, payload });

    const url = await put(`${base}/${material._id}`, { url: "https://example.test" });
    expect(url.statusCode).toBe(400);
    expect(url.json()).toMatchObject({ message: MESSAGES.urlOnlyForLinks.text, errors: [{ path: "url" }] });
    const noTitle = await put(`${base}/${material._id}`, { title: "  " });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(MESSAGES.titleRequired.text);

    const unknown = await put(`${base}/${UNKNOWN_ID}`, { title: "x" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.materialNotFound.text);
    expect((await put(`${base}/not-an-id`, { title: "x" })).statusCode).toBe(400);
    const elsewhere = await makeMaterial(t.db, {
      course_id: (await makeCourse(t.db, { instructor_id: instructor.user.id })).id,
    });
    expect((await put(`${base}/${elsewhere.id}`, { title: "x" })).statusCode).toBe(404);
    expect((await materialRow(material._id))?.title).toBe("Slides");
  });

  it("refuses other instructors and learners, even enrolled ones", async () => {
    const course = await enrolledCourse();
    const material = await makeMaterial(t.db, { course_id: course.id, title: "Original" });
    for (const [user, area] of [
      [otherInstructor, "instructor"],
      [learner, "instructor"],
      [learner, "admin"],
      [instructor, "admin"],
    ] as const) {
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/${area}/courses/${course.id}/materials/${material.id}`,
        headers: user.auth,
        payload: { title: "Hijacked" },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await materialRow(material.id))?.title).toBe("Original");
  });
});

describe("deleting materials", () => {
  it("deletes a file material and its stored file; the signed link stops working", async () => {
    const course = await enrolledCourse();
    const { material, file } = await fileMaterial(course.id);
    expect(existsSync(file)).toBe(true);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${course.id}/materials/${material._id}`,
      headers: instructor.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: MESSAGES.materialDeleted.text });
    expect(await materialRow(material._id)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: material.url })).statusCode).toBe(404);
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/detail`,
      headers: learner.auth,
    });
    expect(detail.json().data.course.materials).toEqual([]);
  });

  it("lets an admin delete a link material", async () => {
    const course = await enrolledCourse();
    const material = await makeMaterial(t.db, { course_id: course.id });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/courses/${course.id}/materials/${material.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await materialRow(material.id)).toBeUndefined();
  });

  it("answers 404 for an unknown material or course", async () => {
    const course = await enrolledCourse();
    const unknown = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${course.id}/materials/${UNKNOWN_ID}`,
      headers: instructor.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.materialNotFound.text);
    const noCourse = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/courses/${UNKNOWN_ID}/materials/${UNKNOWN_ID}`,
      headers: admin.auth,
    });
    expect(noCourse.statusCode).toBe(404);
  });

  it("refuses other instructors and learners and keeps the material and its file", async () => {
    const course = await enrolledCourse();
    const { material, file } = await fileMaterial(course.id);
    for (const user of [otherInstructor, learner]) {
      const response = await t.app.inject({
        method: "DELETE",
        url: `/api/instructor/courses/${course.id}/materials/${material._id}`,
        headers: user.auth,
      });
      expect(response.statusCode).toBe(403);
    }
    const viaAdminArea = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/courses/${course.id}/materials/${material._id}`,
      headers: instructor.auth,
    });
    expect(viaAdminArea.statusCode).toBe(403);
    expect(await materialRow(material._id)).toBeDefined();
    expect(existsSync(file)).toBe(true);
  });
});

describe("editing and deleting announcements", () => {
  it("edits title, description and content, then deletes", async () => {
    const course = await enrolledCourse();
    const announcement = await makeAnnouncement(t.db, { course_id: course.id, author_id: instructor.user.id });
    const url = `/api/instructor/courses/${course.id}/announcements/${announcement.id}`;
    const edited = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { title: "Room change", description: "Now in B12", content: "Bring a laptop." },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: MESSAGES.announcementUpdated.text,
      data: {
        announcement: {
          _id: announcement.id,
          title: "Room change",
          description: "Now in B12",
          content: "Bring a laptop.",
          author: { _id: instructor.user.id },
        },
      },
    });
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/detail`,
      headers: learner.auth,
    });
    expect(detail.json().data.course.announcements).toMatchObject([{ title: "Room change" }]);

    const removed = await t.app.inject({ method: "DELETE", url, headers: instructor.auth });
    expect(removed.json()).toEqual({ success: true, message: MESSAGES.announcementDeleted.text });
    expect(await announcementRow(announcement.id)).toBeUndefined();
  });

  it("refuses an empty title and answers 404 for unknown announcements or another course's", async () => {
    const course = await enrolledCourse();
    const announcement = await makeAnnouncement(t.db, { course_id: course.id, title: "Kept" });
    const base = `/api/instructor/courses/${course.id}/announcements`;
    const noTitle = await t.app.inject({
      method: "PUT",
      url: `${base}/${announcement.id}`,
      headers: instructor.auth,
      payload: { title: "" },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(MESSAGES.titleRequired.text);
    const elsewhere = await makeAnnouncement(t.db, {
      course_id: (await makeCourse(t.db, { instructor_id: instructor.user.id })).id,
    });
    for (const id of [UNKNOWN_ID, elsewhere.id]) {
      const put = await t.app.inject({ method: "PUT", url: `${base}/${id}`, headers: instructor.auth, payload: {} });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe(MESSAGES.announcementNotFound.text);
      expect(
        (await t.app.inject({ method: "DELETE", url: `${base}/${id}`, headers: instructor.auth })).statusCode,
      ).toBe(404);
    }
    expect(await announcementRow(elsewhere.id)).toBeDefined();
    expect((await announcementRow(announcement.id))?.title).toBe("Kept");
  });

  it("refuses other instructors and learners; admins may edit and delete", async () => {
    const course = await enrolledCourse();
    const announcement = await makeAnnouncement(t.db, { course_id: course.id, title: "Original" });
    const url = (area: string) => `/api/${area}/courses/${course.id}/announcements/${announcement.id}`;
    for (const user of [otherInstructor, learner]) {
      const put = await t.app.inject({
        method: "PUT",
        url: url("instructor"),
        headers: user.auth,
        payload: { title: "Hijacked" },
      });
      expect(put.statusCode).toBe(403);
      expect((await t.app.inject({ method: "DELETE", url: url("instructor"), headers: user.auth })).statusCode).toBe(
        403,
      );
    }
    expect((await announcementRow(announcement.id))?.title).toBe("Original");

    const put = await t.app.inject({
      method: "PUT",
      url: url("admin"),
      headers: admin.auth,
      payload: { content: "Checked" },
    });
    expect(put.json().data.announcement).toMatchObject({ title: "Original", content: "Checked" });
    expect((await t.app.inject({ method: "DELETE", url: url("admin"), headers: admin.auth })).statusCode).toBe(200);
    expect(await announcementRow(announcement.id)).toBeUndefined();
  });
});
