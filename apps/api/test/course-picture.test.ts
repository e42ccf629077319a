import { existsSync } from "node:fs";
import path from "node:path";
import { fileTooLargeMessage, MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSystemSettings } from "../src/modules/settings/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";
import { EXE, multipart, PNG } from "./support/multipart.js";

let t: TestContext;
let instructor: Awaited<ReturnType<typeof makeSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  instructor = await makeSignedInUser(t.app, t.db, "instructor");
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const pictureUrl = (courseId: string, area = "instructor") => `/api/${area}/courses/${courseId}/picture`;
const upload = (url: string, auth: Auth, content: Buffer, filename = "cover.png") => {
  const body = multipart({}, { field: "file", filename, content });
  return t.app.inject({ method: "PUT", url, headers: { ...auth, ...body.headers }, payload: body.payload });
};
const storedKey = async (courseId: string) =>
  (await t.db.selectFrom("course_pictures").select("storage_key").where("course_id", "=", courseId).executeTakeFirst())
    ?.storage_key;
const onDisk = (key: string) => existsSync(path.join(t.dataDir, "uploads", key));
const catalogueThumbnail = async (courseId: string) =>
  (await t.app.inject({ method: "GET", url: `/api/courses/${courseId}` })).json().data.course.thumbnail;

describe("course picture upload", () => {
  it("keeps an image, points the thumbnail at it, serves it with cache headers, and replaces it", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id, thumbnail: "/thumbnails/old.svg" });
    expect(await catalogueThumbnail(course.id)).toBe("/thumbnails/old.svg");
    const response = await upload(pictureUrl(course.id), instructor.auth, PNG);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.coursePictureUpdated.text);
    const thumbnail: string = response.json().data.course.thumbnail;
    expect(thumbnail).toMatch(new RegExp(`^/api/courses/${course.id}/picture\\?v=\\d+$`));
    expect(await catalogueThumbnail(course.id)).toBe(thumbnail);

    const served = await t.app.inject({ method: "GET", url: thumbnail });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=86400");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const firstKey = (await storedKey(course.id)) as string;
    expect(firstKey).toMatch(/^course-pictures\//);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(pictureUrl(course.id), instructor.auth, Buffer.concat([PNG, Buffer.alloc(8, 3)]));
    expect(second.json().data.course.thumbnail).not.toBe(thumbnail);
    expect(onDisk(firstKey)).toBe(false);
    const reserved = await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/picture` });
    expect(reserved.rawPayload.length).toBe(PNG.length + 8);
  });

  it("refuses what is not an image whatever its name, a picture too large, and keeps nothing", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const url = pictureUrl(course.id);
    expect((await upload(url, instructor.auth, EXE, "cover.png")).statusCode).toBe(415);
    const svg = await upload(
      url,
      instructor.auth,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "c.svg",
    );
    expect(svg.statusCode).toBe(415);
    const huge = await upload(url, instructor.auth, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(fileTooLargeMessage(5));
    await saveSystemSettings(t.db, { maxFileSize: 1 });
    const overSetting = await upload(url, instructor.auth, Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 1)]));
    await saveSystemSettings(t.db, { maxFileSize: 100 });
    expect(overSetting.statusCode).toBe(413);
    expect(overSetting.json().message).toBe(fileTooLargeMessage(1));
    const none = multipart({ other: "x" });
    const empty = await t.app.inject({
      method: "PUT",
      url,
      headers: { ...instructor.auth, ...none.headers },
      payload: none.payload,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.coursePictureNotImage.text);
    expect(await storedKey(course.id)).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/picture` })).statusCode).toBe(404);
  });

  it("is for the course's managers only: its instructor and admins", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const other = await makeSignedInUser(t.app, t.db, "instructor");
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const foreign = await upload(pictureUrl(course.id), other.auth, PNG);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.notYourCourse.text);
    expect((await upload(pictureUrl(course.id), learner.auth, PNG)).statusCode).toBe(403);
    expect((await upload(pictureUrl(course.id), {}, PNG)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: pictureUrl(course.id), headers: other.auth })).statusCode).toBe(
      403,
    );
    expect(await storedKey(course.id)).toBeUndefined();
    expect((await upload(pictureUrl(course.id, "admin"), admin.auth, PNG)).statusCode).toBe(200);
    expect((await upload(pictureUrl("f".repeat(24)), instructor.auth, PNG)).statusCode).toBe(404);
  });

  it("removes the picture, and a thumbnail URL set through the course update replaces an uploaded one", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    await upload(pictureUrl(course.id), instructor.auth, PNG);
    const key = (await storedKey(course.id)) as string;
    const removed = await t.app.inject({ method: "DELETE", url: pictureUrl(course.id), headers: instructor.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.course.thumbnail).toBeNull();
    expect(onDisk(key)).toBe(false);
    const again = await t.app.inject({ method: "DELETE", url: pictureUrl(course.id), headers: instructor.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.coursePictureMissing.text);

    const uploaded = (await upload(pictureUrl(course.id), instructor.auth, PNG)).json().data.course.thumbnail;
    const uploadedKey = (await storedKey(course.id)) as string;
    // Saving the course form unchanged keeps the uploaded picture.
    const unchanged = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}`,
      headers: instructor.auth,
      payload: { thumbnail: uploaded, title: "Renamed" },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(await storedKey(course.id)).toBe(uploadedKey);
    const byUrl = await t.app.inject({
      method: "PUT",
      url: `/api/instructor/courses/${course.id}`,
      headers: instructor.auth,
      payload: { thumbnail: "https://cdn.example.test/cover.jpg" },
    });
    expect(byUrl.json().data.course.thumbnail).toBe("https://cdn.example.test/cover.jpg");
    expect(await storedKey(course.id)).toBeUndefined();
    expect(onDisk(uploadedKey)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: `/api/courses/${course.id}/picture` })).statusCode).toBe(404);
  });

  it("deleting the course deletes its picture file", async () => {
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    await upload(pictureUrl(course.id), instructor.auth, PNG);
    const key = (await storedKey(course.id)) as string;
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/instructor/courses/${course.id}`,
      headers: instructor.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(onDisk(key)).toBe(false);
  });
});
