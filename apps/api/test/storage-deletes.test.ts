import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3StorageOptions } from "../src/storage/s3.js";
import type { Storage } from "../src/storage/storage.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";
import { startS3Server } from "./support/s3-server.js";
import { courseWithEveryFile, isStored, uploadsOf } from "./support/stored-files.js";

type Backend = { name: string; s3: boolean };
const BACKENDS: Backend[] = [
  { name: "local disk", s3: false },
  { name: "S3 (s3rver)", s3: true },
];

describe.each(BACKENDS)("files follow their rows on $name", ({ s3: onS3 }) => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let uploads: Storage;
  let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

  beforeAll(async () => {
    s3 = onS3 ? await startS3Server() : undefined;
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "10000", ...s3?.env } });
    uploads = uploadsOf(t.dataDir, s3?.options as S3StorageOptions | undefined);
    admin = await makeSignedInUser(t.app, t.db, "admin");
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const stored = (key: string) => isStored(uploads, key);
  const remove = (url: string, auth: Record<string, string>) => t.app.inject({ method: "DELETE", url, headers: auth });

  it("deleting a user deletes their picture and their answer files, and nobody else's", async () => {
    const w = await courseWithEveryFile(t.app, t.db);
    expect(await stored(w.keys.avatar)).toBe(true);
    expect(await stored(w.keys.answerFile)).toBe(true);

    expect((await remove(`/api/admin/users/${w.learner.user.id}`, admin.auth)).statusCode).toBe(200);

    expect(await stored(w.keys.avatar)).toBe(false);
    expect(await stored(w.keys.answerFile)).toBe(false);
    for (const key of [w.keys.lessonFile, w.keys.material, w.keys.recording, w.keys.questionImage]) {
      expect(await stored(key)).toBe(true);
    }
  });

  it("deleting users in bulk deletes their pictures and answer files", async () => {
    const w = await courseWithEveryFile(t.app, t.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/users/bulk-delete",
      headers: admin.auth,
      payload: { userIds: [w.learner.user.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(await stored(w.keys.avatar)).toBe(false);
    expect(await stored(w.keys.answerFile)).toBe(false);
  });

  it("deleting a course deletes every file below it: lesson files, materials, recordings, question images and answers", async () => {
    const w = await courseWithEveryFile(t.app, t.db);
    expect((await remove(w.base, w.instructor.auth)).statusCode).toBe(200);
    for (const key of [w.keys.lessonFile, w.keys.material, w.keys.recording, w.keys.questionImage, w.keys.answerFile]) {
      expect(await stored(key)).toBe(false);
    }
    // The learner's picture is theirs, not the course's.
    expect(await stored(w.keys.avatar)).toBe(true);
  });

  it("deleting a lesson, a material, a recording or an assessment deletes its files and only its files", async () => {
    const w = await courseWithEveryFile(t.app, t.db);
    expect((await remove(w.urls.lesson, w.instructor.auth)).statusCode).toBe(200);
    expect(await stored(w.keys.lessonFile)).toBe(false);
    expect(await stored(w.keys.material)).toBe(true);

    expect((await remove(w.urls.material, w.instructor.auth)).statusCode).toBe(200);
    expect(await stored(w.keys.material)).toBe(false);
    expect(await stored(w.keys.recording)).toBe(true);

    expect((await remove(w.urls.recording, w.instructor.auth)).statusCode).toBe(200);
    expect(await stored(w.keys.recording)).toBe(false);
    expect(await stored(w.keys.questionImage)).toBe(true);

    expect((await remove(w.urls.assessment, w.instructor.auth)).statusCode).toBe(200);
    expect(await stored(w.keys.questionImage)).toBe(false);
    expect(await stored(w.keys.answerFile)).toBe(false);
    expect(await stored(w.keys.avatar)).toBe(true);
  });

  it("a file another row still points at stays when one of its rows goes", async () => {
    const w = await courseWithEveryFile(t.app, t.db);
    // Two materials sharing one stored file (as a copy that kept the key would).
    const [material] = await t.db.selectFrom("materials").selectAll().where("course_id", "=", w.course.id).execute();
    await t.db
      .insertInto("materials")
      .values({ ...material, id: `${material.id.slice(0, 18)}ffffff`, title: "Shared copy" })
      .execute();
    expect((await remove(w.urls.material, w.instructor.auth)).statusCode).toBe(200);
    expect(await stored(w.keys.material)).toBe(true);
  });
});

describe("a file that cannot be removed now", () => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
  let shiftMs = 0;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT_MAX: "10000", ...s3.env },
      now: () => new Date(Date.now() + shiftMs),
    });
    admin = await makeSignedInUser(t.app, t.db, "admin");
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it("does not fail the delete: the rows go, the files wait for the orphan sweep", async () => {
    const w = await courseWithEveryFile(t.app, t.db);
    await s3.stop();
    try {
      const remove = (url: string, auth: Record<string, string>) =>
        t.app.inject({ method: "DELETE", url, headers: auth });
      for (const url of Object.values(w.urls)) expect((await remove(url, w.instructor.auth)).statusCode).toBe(200);
      expect((await remove(`/api/admin/users/${w.learner.user.id}`, admin.auth)).statusCode).toBe(200);
      expect(
        await t.db.selectFrom("user_avatars").select("user_id").where("user_id", "=", w.learner.user.id).execute(),
      ).toEqual([]);
    } finally {
      await s3.restart();
    }
    const uploads = uploadsOf(t.dataDir, s3.options);
    for (const key of Object.values(w.keys)) expect(await isStored(uploads, key)).toBe(true);
    // Past the grace period the sweep finds them (no row points at them any more) and removes them.
    shiftMs = 2 * 60 * 60_000;
    const report = await t.app.inject({ method: "GET", url: "/api/admin/storage/orphans", headers: admin.auth });
    expect(report.json().data.sample).toEqual(expect.arrayContaining(Object.values(w.keys)));
    const swept = await t.app.inject({ method: "POST", url: "/api/admin/storage/orphans/sweep", headers: admin.auth });
    expect(swept.statusCode).toBe(200);
    for (const key of Object.values(w.keys)) expect(await isStored(uploads, key)).toBe(false);
  });

  it("does not fail removing one's picture, an answer file or a question image either", async () => {
    const w = await courseWithEveryFile(t.app, t.db);
    await s3.stop();
    try {
      const remove = (url: string, auth: Record<string, string>) =>
        t.app.inject({ method: "DELETE", url, headers: auth });
      expect((await remove("/api/users/me/avatar", w.learner.auth)).statusCode).toBe(200);
      expect((await remove(w.answerUrl, w.learner.auth)).statusCode).toBe(200);
      expect((await remove(w.imageUrl, w.instructor.auth)).statusCode).toBe(200);
    } finally {
      await s3.restart();
    }
    expect(
      await t.db.selectFrom("user_avatars").select("user_id").where("user_id", "=", w.learner.user.id).execute(),
    ).toEqual([]);
    const uploads = uploadsOf(t.dataDir, s3.options);
    // Left for the sweep: stored still, pointed at by nothing (the attempt froze no image: it was started before).
    expect(await isStored(uploads, w.keys.avatar)).toBe(true);
    expect(await isStored(uploads, w.keys.answerFile)).toBe(true);
  });
});
