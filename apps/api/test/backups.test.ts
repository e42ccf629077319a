import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import { BACKUP_MESSAGES } from "@lms/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../src/db/connection.js";
import { newId } from "../src/db/ids.js";
import { ArchiveRefused } from "../src/modules/backups/archive-read.js";
import { signManifest } from "../src/modules/backups/manifest.js";
import { restoreArchive } from "../src/modules/backups/restore.js";
import { createLocalStorage } from "../src/storage/local.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  type ArchiveEntry,
  createOtherDialectDb,
  currentDialect,
  dumpTables,
  fileChecksums,
  finishedBackup,
  forgeArchive,
  packArchive,
  restoreSettings,
  unpackArchive,
} from "./support/backups.js";
import { createTestDb } from "./support/db.js";
import { makeEnrollment, makeLessonFile, makeMaterial, makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
let database: Db;
let uploadsRoot: string;

beforeAll(async () => {
  t = await createTestApp();
  database = { db: t.db, dialect: currentDialect(), close: async () => {} };
  uploadsRoot = path.join(t.dataDir, "uploads");
  admin = (await makeSignedInUser(t.app, t.db, "admin")).auth;
  superAdmin = (await makeSignedInUser(t.app, t.db, "super_admin")).auth;
  // Rows with awkward values (quotes, new lines, unicode, nulls) and files at nested keys.
  await makeUser(t.db, { name: 'Zoë "Quote" O\'Neil', bio: "line one\nline two\t✓ 日本語", credits: 1234567 });
  const file = await makeLessonFile(t.db, {
    storageRoot: uploadsRoot,
    content: Buffer.from("%PDF-1.4 lesson\n%%EOF\n"),
  });
  await makeLessonFile(t.db, {
    course_id: file.course_id,
    storageRoot: uploadsRoot,
    content: Buffer.alloc(300_000, 7),
  });
  await makeEnrollment(t.db, { course_id: file.course_id });
  await makeMaterial(t.db, { course_id: file.course_id });
});
afterAll(() => t.close());

async function takeBackup(): Promise<Buffer> {
  const started = await t.app.inject({ method: "POST", url: "/api/admin/backup", headers: admin });
  expect(started.statusCode).toBe(202);
  expect(started.json().message).toBe(BACKUP_MESSAGES.started.text);
  const backup = await finishedBackup(t.app, admin, started.json().data.backup._id);
  expect(backup.status).toBe("succeeded");
  const download = await t.app.inject({
    method: "GET",
    url: `/api/admin/backup/${backup._id}/download`,
    headers: superAdmin,
  });
  expect(download.statusCode).toBe(200);
  expect(download.headers["content-type"]).toBe("application/gzip");
  expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="lms-backup-\d{8}T\d{6}Z\.tar\.gz"$/);
  expect(download.rawPayload.length).toBe(backup.size);
  expect(createHash("sha256").update(download.rawPayload).digest("hex")).toBe(backup.checksum);
  return download.rawPayload;
}

const opener = (archive: Buffer) => () => Readable.from([archive]);

/** The same archive with its manifest edited (entries and their checksums untouched), signed with the server's key. */
async function repack(archive: Buffer, edit: (manifest: Record<string, unknown>) => Record<string, unknown>) {
  const entries = await unpackArchive(archive);
  const manifest = entries.find((e) => e.name === "manifest.json") as ArchiveEntry;
  manifest.body = Buffer.from(JSON.stringify(edit(JSON.parse(manifest.body.toString()))));
  const signature = entries.find((e) => e.name === "manifest.hmac") as ArchiveEntry;
  signature.body = Buffer.from(signManifest(manifest.body, restoreSettings(t.dataDir).key));
  return packArchive(entries);
}

describe("POST /api/admin/backup and the history", () => {
  it("records who took it, its size, checksum and counts, newest first", async () => {
    await takeBackup();
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/backup/history?page=1&limit=1",
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const { backups, pagination } = response.json().data;
    expect(pagination).toMatchObject({ page: 1, limit: 1 });
    expect(pagination.total).toBeGreaterThanOrEqual(1);
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ status: "succeeded", trigger: "manual", downloadable: true, files: 2 });
    expect(backups[0].createdBy.name).toBeTruthy();
    expect(backups[0].rows).toBeGreaterThan(5);
    expect(backups[0].checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it("lets a plain admin take and list backups but not download one (it holds every password hash)", async () => {
    await takeBackup();
    const { backups } = (
      await t.app.inject({ method: "GET", url: "/api/admin/backup/history?limit=1", headers: admin })
    ).json().data;
    const download = await t.app.inject({
      method: "GET",
      url: `/api/admin/backup/${backups[0]._id}/download`,
      headers: admin,
    });
    expect(download.statusCode).toBe(403);
    expect(download.json().message).toBe(BACKUP_MESSAGES.downloadSuperAdminOnly.text);
    expect(download.rawPayload.includes(Buffer.from("password_hash"))).toBe(false);
  });

  it("answers 409 while another process holds the backup lock, and takes over a lapsed lock", async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    const interrupted = newId();
    await t.db.insertInto("backup_lock").values({ id: "backup", backup_id: interrupted, expires_at: future }).execute();
    await t.db
      .insertInto("backups")
      .values({
        ...{ id: interrupted, status: "running", trigger: "scheduled", created_by: null, created_by_name: null },
        ...{ storage_key: null, size: null, sha256: null, tables: null, rows: null, files: null, error: null },
        ...{ started_at: new Date(Date.now() - 3_600_000).toISOString(), finished_at: null, removed_at: null },
      })
      .execute();
    const busy = await t.app.inject({ method: "POST", url: "/api/admin/backup", headers: admin });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(BACKUP_MESSAGES.alreadyRunning.text);
    await t.db
      .updateTable("backup_lock")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const started = await t.app.inject({ method: "POST", url: "/api/admin/backup", headers: admin });
    expect(started.statusCode).toBe(202);
    expect((await finishedBackup(t.app, admin, started.json().data.backup._id)).status).toBe("succeeded");
    // The backup whose process died with the lock is marked failed, not left running for ever.
    expect(await finishedBackup(t.app, admin, interrupted)).toMatchObject({
      status: "failed",
      error: "Interrupted: the server stopped during the backup",
      downloadable: false,
    });
  });

  it("answers 409 to a second backup started while the first runs", async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: "POST", url: "/api/admin/backup", headers: admin }),
      t.app.inject({ method: "POST", url: "/api/admin/backup", headers: admin }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const started = a.statusCode === 202 ? a : b;
    await finishedBackup(t.app, admin, started.json().data.backup._id);
  });

  it("refuses learners and instructors, and answers 404 for an unknown backup", async () => {
    for (const role of ["learner", "instructor"] as const) {
      const { auth } = await makeSignedInUser(t.app, t.db, role);
      for (const [method, url] of [
        ["POST", "/api/admin/backup"],
        ["GET", "/api/admin/backup/history"],
        ["GET", `/api/admin/backup/${newId()}/download`],
      ] as const) {
        expect((await t.app.inject({ method, url, headers: auth })).statusCode).toBe(403);
      }
    }
    const unknown = await t.app.inject({
      method: "GET",
      url: `/api/admin/backup/${newId()}/download`,
      headers: superAdmin,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/admin/backup/nope/download", headers: superAdmin });
    expect(bad.statusCode).toBe(400);
  });
});

/** A forum thread the admin has read, so the forum's trigger-kept counts (migration 053) hold rows. */
async function forumThreadReadBy(auth: Record<string, string>) {
  const course = await t.db.selectFrom("courses").select("id").executeTakeFirstOrThrow();
  const url = `/api/courses/${course.id}/discussions`;
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: auth,
    payload: { title: "Kept", body: "<p>Hi</p>" },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe("restore", () => {
  it("brings back every row and every file after the data is changed", async () => {
    await forumThreadReadBy(admin);
    const archive = await takeBackup();
    const rowsBefore = await dumpTables(t.db, database.dialect);
    const filesBefore = await fileChecksums(uploadsRoot);
    expect(Object.keys(rowsBefore)).toEqual(expect.arrayContaining(["users", "courses", "lesson_files"]));
    expect(Object.keys(filesBefore)).toHaveLength(2);

    // Wipe: delete, change and add rows; remove a file, change one, add a stray one.
    await t.db.deleteFrom("enrollments").execute();
    await t.db.deleteFrom("courses").execute();
    await t.db.updateTable("users").set({ name: "Changed" }).execute();
    await makeUser(t.db, { name: "Added after the backup" });
    const [first, second] = Object.keys(filesBefore);
    await createLocalStorage(uploadsRoot).remove([first as string]);
    await writeFile(path.join(uploadsRoot, second as string), "overwritten");
    await mkdir(path.join(uploadsRoot, "stray"), { recursive: true });
    await writeFile(path.join(uploadsRoot, "stray", "file"), "not in the backup");
    expect(await dumpTables(t.db, database.dialect)).not.toEqual(rowsBefore);

    const summary = await restoreArchive(opener(archive), {
      database,
      uploads: createLocalStorage(uploadsRoot),
      ...restoreSettings(t.dataDir),
    });
    expect(summary.files).toBe(2);
    expect(summary.filesRemoved).toBe(1);
    expect(await dumpTables(t.db, database.dialect)).toEqual(rowsBefore);
    expect(await fileChecksums(uploadsRoot)).toEqual(filesBefore);
    // The app works on the restored data: the admin's token is valid again and lists users.
    const users = await t.app.inject({ method: "GET", url: "/api/admin/users?search=Quote", headers: admin });
    expect(users.statusCode).toBe(200);
    expect(users.json().data.users).toHaveLength(1);
  });

  it("refuses a tampered archive and a foreign file, and changes nothing", async () => {
    const archive = await takeBackup();
    const rowsBefore = await dumpTables(t.db, database.dialect);
    const filesBefore = await fileChecksums(uploadsRoot);
    const target = { database, uploads: createLocalStorage(uploadsRoot), ...restoreSettings(t.dataDir) };

    const tar = gunzipSync(archive);
    const at = tar.indexOf("O'Neil");
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(tar);
    tampered.write("O'Neal", at);
    await expect(restoreArchive(opener(gzipSync(tampered)), target)).rejects.toThrow(
      /^damaged archive: checksum mismatch in db\/users\/000001\.ndjson$/,
    );
    const truncated = archive.subarray(0, Math.floor(archive.length / 2));
    await expect(restoreArchive(opener(truncated), target)).rejects.toBeInstanceOf(ArchiveRefused);
    await expect(restoreArchive(opener(Buffer.from("%PDF-1.4 not a backup")), target)).rejects.toThrow(
      /^not an LMS backup archive/,
    );
    await expect(restoreArchive(opener(gzipSync(Buffer.alloc(1024))), target)).rejects.toThrow(
      /^not an LMS backup archive \(no manifest\.json\)$/,
    );

    await expect(
      restoreArchive(opener(await repack(archive, (m) => ({ ...m, product: "moodle" }))), target),
    ).rejects.toThrow(/^not an LMS backup archive \(manifest\.json is not ours\)$/);
    await expect(
      restoreArchive(opener(await repack(archive, (m) => ({ ...m, migration: "999_future" }))), target),
    ).rejects.toThrow(/^the archive comes from a newer version of the product \(migration 999_future\)$/);

    expect(await dumpTables(t.db, database.dialect)).toEqual(rowsBefore);
    expect(await fileChecksums(uploadsRoot)).toEqual(filesBefore);
  });

  it("restores into the other database engine and back (SQLite ⇄ PostgreSQL)", async (context) => {
    const other = await createOtherDialectDb();
    if (!other) return context.skip();
    const again = await createTestDb();
    try {
      const archive = await takeBackup();
      const rows = await dumpTables(t.db, database.dialect);
      const files = await fileChecksums(uploadsRoot);
      const otherUploads = path.join(other.dataDir, "uploads");
      await restoreArchive(opener(archive), {
        database: other.database,
        uploads: createLocalStorage(otherUploads),
        ...restoreSettings(t.dataDir),
      });
      expect(await dumpTables(other.database.db, other.database.dialect)).toEqual(rows);
      expect(await fileChecksums(otherUploads)).toEqual(files);

      // And back: the other engine's own backup restores into a fresh database of this run's engine.
      const { createBackupService } = await import("../src/modules/backups/service.js");
      const archives = createLocalStorage(path.join(other.dataDir, "backups"));
      const service = createBackupService({
        database: other.database,
        uploads: createLocalStorage(otherUploads),
        archives,
        retention: { scheduled: 5, manual: 5 },
        key: restoreSettings(t.dataDir).key,
        now: () => new Date(),
        log: t.app.log,
      });
      const row = await service.runIfDue();
      expect(row?.status).toBe("succeeded");
      const againUploads = path.join(again.dataDir, "uploads");
      await restoreArchive(() => archives.read(row?.storage_key as string), {
        database: again.database,
        uploads: createLocalStorage(againUploads),
        ...restoreSettings(t.dataDir),
      });
      expect(await dumpTables(again.database.db, again.database.dialect)).toEqual(rows);
      expect(await fileChecksums(againUploads)).toEqual(files);
    } finally {
      await other.cleanup();
      await again.cleanup();
    }
  });

  it("the restore command loads a backup into the database DATABASE_URL names and says what it did", async () => {
    if (currentDialect() !== "sqlite") return;
    const archive = await takeBackup();
    const rows = await dumpTables(t.db, database.dialect);
    const file = path.join(t.dataDir, "full.tar.gz");
    await writeFile(file, archive);
    const dataDir = path.join(t.dataDir, "cli-full");
    await mkdir(dataDir, { recursive: true });
    const result = runRestore(file, dataDir);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Restored ${file}`);
    expect(result.stdout).toMatch(/^ {2}users: \d+ rows$/m);
    expect(result.stdout).toContain("files: 2 restored, 0 not in the backup removed");
    const restored = openDb(`file:${path.join(dataDir, "lms.db")}`);
    try {
      expect(await dumpTables(restored.db, "sqlite")).toEqual(rows);
    } finally {
      await restored.close();
    }
    expect(await fileChecksums(path.join(dataDir, "uploads"))).toEqual(await fileChecksums(uploadsRoot));
  });

  it("the restore command refuses a foreign file with one line and exit code 1", async () => {
    if (currentDialect() !== "sqlite") return;
    const foreign = path.join(t.dataDir, "foreign.tar.gz");
    await writeFile(foreign, "this is not an archive");
    const dataDir = path.join(t.dataDir, "cli");
    await mkdir(dataDir, { recursive: true });
    const result = runRestore(foreign, dataDir);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^lms restore: refused: not an LMS backup archive .*; nothing was changed\n$/);
  });

  it("the restore command refuses an archive whose rows were edited and checksums recomputed, changing nothing", async () => {
    if (currentDialect() !== "sqlite") return;
    const promoteLearners = (entry: ArchiveEntry): ArchiveEntry => {
      if (!entry.name.startsWith("db/users/")) return entry;
      const text = entry.body.toString();
      expect(text).toContain('"role":"learner"');
      return { ...entry, body: Buffer.from(text.replaceAll('"role":"learner"', '"role":"super_admin"')) };
    };
    const edited = await forgeArchive(await takeBackup(), (entries) => entries.map(promoteLearners));
    const file = path.join(t.dataDir, "edited.tar.gz");
    await writeFile(file, edited);
    const dataDir = path.join(t.dataDir, "cli-edited");
    await mkdir(dataDir, { recursive: true });
    const result = runRestore(file, dataDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^lms restore: refused: the archive's signature does not match this server's backup key .*; nothing was changed\n$/,
    );
    const untouched = openDb(`file:${path.join(dataDir, "lms.db")}`);
    try {
      const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
        untouched.db,
      );
      expect(tables.rows).toEqual([]);
    } finally {
      await untouched.close();
    }
  });
});

/** `npm run restore -- <file>` against a SQLite database in `dataDir`, from the sources. */
function runRestore(file: string, dataDir: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/restore.ts", file], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      BACKUP_KEY: restoreSettings(t.dataDir).key,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "lms.db")}`,
      LOG_LEVEL: "warn",
    },
    encoding: "utf8",
  });
}

describe("schema check", () => {
  it("lists the product's tables without the backups' own", async () => {
    const tables = Object.keys(await dumpTables(t.db, database.dialect));
    expect(tables).not.toContain("backups");
    expect(tables).not.toContain("backup_lock");
    expect(tables.some((name) => name.startsWith("kysely_") || name.startsWith("users_search"))).toBe(false);
    expect(tables.indexOf("users")).toBeLessThan(tables.indexOf("courses"));
    expect(tables.indexOf("courses")).toBeLessThan(tables.indexOf("enrollments"));
    await sql`select 1`.execute(t.db);
  });
});
