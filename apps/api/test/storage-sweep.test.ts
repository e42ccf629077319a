import { Readable } from "node:stream";
import { STORAGE_SWEEP_MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_SWEEP_JOB } from "../src/modules/storage-sweep/job.js";
import { FILE_KEY_COLUMNS, FILE_KEY_JSON_COLUMNS, NOT_UPLOAD_KEY_COLUMNS } from "../src/storage/file-columns.js";
import type { Storage } from "../src/storage/storage.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";
import { multipart, PDF, PNG } from "./support/multipart.js";
import { startS3Server } from "./support/s3-server.js";
import { archivesOf, courseWithEveryFile, isStored, uploadsOf } from "./support/stored-files.js";

const HOUR = 60 * 60_000;
const BACKENDS = [
  { name: "local disk", s3: false },
  { name: "S3 (s3rver)", s3: true },
];

describe.each(BACKENDS)("the orphan sweep on $name", ({ s3: onS3 }) => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let uploads: Storage;
  let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
  let shiftMs = 0;

  beforeAll(async () => {
    s3 = onS3 ? await startS3Server() : undefined;
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT_MAX: "10000", ...s3?.env },
      now: () => new Date(Date.now() + shiftMs),
    });
    uploads = uploadsOf(t.dataDir, s3?.options);
    admin = await makeSignedInUser(t.app, t.db, "admin");
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const dryRun = async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/storage/orphans", headers: admin.auth });
    expect(response.statusCode).toBe(200);
    return response.json().data as { count: number; bytes: number; sample: string[]; graceMinutes: number };
  };
  const plant = async (storage: Storage, prefix: string) =>
    (await storage.put(Readable.from([PDF]), { prefix, maxBytes: PDF.length })).key;

  it("lists a planted orphan once it is past the grace period, never a referenced file nor a backup archive, and removes only it", async () => {
    shiftMs = 0;
    const w = await courseWithEveryFile(t.app, t.db);
    // A new image for the question: the attempt froze the old one, which must stay for it.
    const body = multipart({}, { field: "file", filename: "new.png", content: PNG });
    const replaced = await t.app.inject({
      method: "POST",
      url: w.imageUrl,
      headers: { ...w.instructor.auth, ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(201);
    const frozenImage = w.keys.questionImage;
    expect(await isStored(uploads, frozenImage)).toBe(true);

    const orphan = await plant(uploads, "lessons");
    const archive = await plant(archivesOf(t.dataDir, s3?.options), "archives");

    // Fresh: it may be an upload whose row is being written right now.
    const fresh = await dryRun();
    expect(fresh.sample).not.toContain(orphan);
    expect(fresh.graceMinutes).toBe(60);

    shiftMs = 2 * HOUR;
    const report = await dryRun();
    expect(report.sample).toEqual([orphan]);
    expect(report.count).toBe(1);
    expect(report.bytes).toBe(PDF.length);

    const swept = await t.app.inject({ method: "POST", url: "/api/admin/storage/orphans/sweep", headers: admin.auth });
    expect(swept.statusCode).toBe(200);
    expect(swept.json()).toMatchObject({
      data: { removed: 1, bytes: PDF.length },
      message: STORAGE_SWEEP_MESSAGES.swept.text,
    });
    expect(await isStored(uploads, orphan)).toBe(false);
    for (const key of [...Object.values(w.keys), frozenImage]) expect(await isStored(uploads, key)).toBe(true);
    expect(await isStored(archivesOf(t.dataDir, s3?.options), archive)).toBe(true);
    expect((await dryRun()).count).toBe(0);
  });
});

describe("the sweep's reach", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is proposed as a recurring job when the app starts", async () => {
    // Recurring work is proposed without holding up the start, so the row may land just after it.
    const sweepJobs = () =>
      t.db.selectFrom("outbox_jobs").select(["type", "unique_key"]).where("type", "=", STORAGE_SWEEP_JOB).execute();
    await expect.poll(async () => (await sweepJobs()).length, { timeout: 5000, interval: 20 }).toBe(1);
    const jobs = await sweepJobs();
    expect(jobs[0].unique_key).toMatch(/^storage\.sweep:\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
  });

  it("knows every column of the schema that holds a stored file's key", async () => {
    const listed = new Set(
      [...FILE_KEY_COLUMNS, ...FILE_KEY_JSON_COLUMNS, ...NOT_UPLOAD_KEY_COLUMNS].map((c) => `${c.table}.${c.column}`),
    );
    const tables = await t.db.introspection.getTables();
    const keyLike = tables.flatMap((table) =>
      table.columns.filter((column) => /key$/i.test(column.name)).map((column) => `${table.name}.${column.name}`),
    );
    expect(keyLike.length).toBeGreaterThan(0);
    for (const column of keyLike) expect(listed, `${column} is not in storage/file-columns.ts`).toContain(column);
    // And every listed column exists (a renamed column would make the sweep fail, not forget).
    const all = new Set(tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)));
    for (const column of listed) expect(all).toContain(column);
  });
});
