import { MATERIAL_URL_MAX, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrollment, makeSignedInUser } from "./support/factories.js";
import { postMaterial } from "./support/materials.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
  admin = await makeSignedInUser(t.app, t.db, "admin");
  learner = await makeSignedInUser(t.app, t.db, "learner");
});
afterAll(() => t.close());

const myCourse = () => makeCourse(t.db, { instructor_id: instructor.user.id });
const storedMaterials = (courseId: string) =>
  t.db.selectFrom("materials").selectAll().where("course_id", "=", courseId).execute();

describe("link materials", () => {
  it("creates a link from a title, a description and an http(s) url, without a file", async () => {
    const course = await myCourse();
    const created = await postMaterial(t.app, course.id, instructor.auth, {
      title: "Reading list",
      description: "Before week 2",
      url: "  https://example.test/read?week=2#top  ",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: MESSAGES.materialCreated.text,
      data: {
        material: {
          title: "Reading list",
          description: "Before week 2",
          type: "link",
          url: "https://example.test/read?week=2#top",
          fileName: null,
          size: null,
          mimeType: null,
          downloads: 0,
        },
      },
    });
    const byAdmin = await postMaterial(
      t.app,
      course.id,
      admin.auth,
      { title: "Spec", url: "http://example.test/spec" },
      { area: "admin" },
    );
    expect(byAdmin.statusCode).toBe(201);
    const [row] = await t.db
      .selectFrom("materials")
      .selectAll()
      .where("id", "=", created.json().data.material._id)
      .execute();
    expect(row).toMatchObject({ type: "link", storage_key: null, url: "https://example.test/read?week=2#top" });
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript://example.test/%0Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "ftp://example.test/file",
    "//example.test/path",
    "example.test",
    "https://",
    "https://exa mple.test",
    "https://[::1",
    "",
  ])("refuses %j as a link address with 400 and stores nothing", async (url) => {
    const course = await myCourse();
    const response = await postMaterial(t.app, course.id, instructor.auth, { title: "Bad", url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: MESSAGES.invalidUrl.text,
      errors: [{ path: "url", msg: MESSAGES.invalidUrl.text }],
    });
    expect(await storedMaterials(course.id)).toEqual([]);
  });

  it("needs a url when there is no file, and a title", async () => {
    const course = await myCourse();
    const noUrl = await postMaterial(t.app, course.id, instructor.auth, { title: "Link", description: "no url" });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().message).toBe(MESSAGES.selectFile.text);
    const noTitle = await postMaterial(t.app, course.id, instructor.auth, { url: "https://example.test" });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe(MESSAGES.titleRequired.text);
    expect(await storedMaterials(course.id)).toEqual([]);
  });

  it("accepts a url of at most 2048 characters and refuses a longer one", async () => {
    const course = await myCourse();
    const prefix = "https://example.test/";
    const longest = prefix + "a".repeat(MATERIAL_URL_MAX - prefix.length);
    const ok = await postMaterial(t.app, course.id, instructor.auth, { title: "Long", url: longest });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.material.url).toBe(longest);
    const tooLong = await postMaterial(t.app, course.id, instructor.auth, { title: "Longer", url: `${longest}a` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(MESSAGES.urlTooLong.text);
    expect((await storedMaterials(course.id)).map((m) => m.title)).toEqual(["Long"]);
  });

  it("refuses links from learners and other instructors", async () => {
    const course = await myCourse();
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    const fields = { title: "Sneaky", url: "https://example.test" };
    expect((await postMaterial(t.app, course.id, learner.auth, fields)).statusCode).toBe(403);
    expect((await postMaterial(t.app, course.id, other.auth, fields)).statusCode).toBe(403);
    expect(await storedMaterials(course.id)).toEqual([]);
  });

  it("gives enrolled learners the link itself, and managers a redirect to it as the download", async () => {
    const course = await myCourse();
    const { material } = (
      await postMaterial(t.app, course.id, instructor.auth, { title: "Docs", url: "https://example.test/docs" })
    ).json().data;
    await makeEnrollment(t.db, { course_id: course.id, user_id: learner.user.id });
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/courses/${course.id}/detail`,
      headers: learner.auth,
    });
    expect(detail.json().data.course.materials).toMatchObject([
      { _id: material._id, type: "link", url: "https://example.test/docs" },
    ]);

    const download = await t.app.inject({
      method: "GET",
      url: `/api/instructor/courses/${course.id}/materials/${material._id}/download`,
      headers: instructor.auth,
    });
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toBe("https://example.test/docs");
    const [row] = await storedMaterials(course.id);
    expect(row.downloads).toBe(1);
  });

  it("edits a link's title, description and url, and validates the new url", async () => {
    const course = await myCourse();
    const { material } = (
      await postMaterial(t.app, course.id, instructor.auth, { title: "Docs", url: "https://example.test/v1" })
    ).json().data;
    const url = `/api/instructor/courses/${course.id}/materials/${material._id}`;
    const edited = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { title: "Docs v2", description: "Updated", url: "https://example.test/v2" },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: MESSAGES.materialUpdated.text,
      data: { material: { title: "Docs v2", description: "Updated", url: "https://example.test/v2", type: "link" } },
    });
    for (const bad of ["javascript:alert(1)", "data:text/plain,hi", ""]) {
      const response = await t.app.inject({ method: "PUT", url, headers: instructor.auth, payload: { url: bad } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.invalidUrl.text);
    }
    const tooLong = await t.app.inject({
      method: "PUT",
      url,
      headers: instructor.auth,
      payload: { url: `https://example.test/${"a".repeat(MATERIAL_URL_MAX)}` },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(MESSAGES.urlTooLong.text);
    const [row] = await storedMaterials(course.id);
    expect(row).toMatchObject({ title: "Docs v2", url: "https://example.test/v2" });
  });
});
