import { randomBytes } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import { ArchiveRefused } from "../src/modules/backups/archive-read.js";
import type { RestoreLimits } from "../src/modules/backups/limits.js";
import { restoreArchive } from "../src/modules/backups/restore.js";
import { createLocalStorage } from "../src/storage/local.js";
import { createTestApp, type TestContext } from "./support/app.js";
import {
  type ArchiveEntry,
  currentDialect,
  dumpTables,
  fileChecksums,
  finishedBackup,
  forgeArchive,
  packArchive,
  restoreSettings,
  unpackArchive,
} from "./support/backups.js";
import { makeLessonFile, makeSignedInUser, makeUser } from "./support/factories.js";

/**
 * Archives a restore must refuse before it changes anything: each is made from a real backup by
 * someone who can edit the file and recompute its checksums; the database and files are compared
 * before and after, and they differ from the archive's state, so a restore that went ahead shows.
 */
let t: TestContext;
let database: Db;
let uploadsRoot: string;
let archive: Buffer;
let key: string;
let limits: RestoreLimits;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  database = { db: t.db, dialect: currentDialect(), close: async () => {} };
  uploadsRoot = path.join(t.dataDir, "uploads");
  const superAdmin = (await makeSignedInUser(t.app, t.db, "super_admin")).auth;
  await makeUser(t.db, { email: "someone@example.com", role: "learner" });
  await makeLessonFile(t.db, { storageRoot: uploadsRoot, content: Buffer.from("%PDF-1.4 lesson\n%%EOF\n") });
  const started = await t.app.inject({ method: "POST", url: "/api/admin/backup", headers: superAdmin });
  const backup = await finishedBackup(t.app, superAdmin, started.json().data.backup._id);
  const download = await t.app.inject({
    method: "GET",
    url: `/api/admin/backup/${backup._id}/download`,
    headers: superAdmin,
  });
  expect(download.statusCode).toBe(200);
  archive = download.rawPayload;
  ({ key, limits } = restoreSettings(t.dataDir));
  // After the backup: a row and a file the archive does not hold.
  await makeUser(t.db, { email: "after-the-backup@example.com" });
  await makeLessonFile(t.db, { storageRoot: uploadsRoot, content: Buffer.from("added after the backup") });
});
afterAll(() => t.close());

/** Restoring `forged` is refused with `message`, and the database and files are as they were. */
async function expectRefused(forged: Buffer, message: RegExp, restoreLimits: RestoreLimits = limits) {
  const rowsBefore = await dumpTables(t.db, database.dialect);
  const filesBefore = await fileChecksums(uploadsRoot);
  const restoring = restoreArchive(() => Readable.from([forged]), {
    database,
    uploads: createLocalStorage(uploadsRoot),
    key,
    limits: restoreLimits,
  });
  await expect(restoring).rejects.toBeInstanceOf(ArchiveRefused);
  await expect(restoring).rejects.toThrow(message);
  expect(await dumpTables(t.db, database.dialect)).toEqual(rowsBefore);
  expect(await fileChecksums(uploadsRoot)).toEqual(filesBefore);
  const later = await t.db.selectFrom("users").select("id").where("email", "=", "after-the-backup@example.com");
  expect(await later.executeTakeFirst()).toBeDefined();
}

/** Makes someone@example.com a super admin in the users page. */
function promote(entries: ArchiveEntry[]): ArchiveEntry[] {
  return entries.map((entry) => {
    if (!entry.name.startsWith("db/users/")) return entry;
    const lines = entry.body.toString().split("\n");
    const edited = lines.map((line) => {
      if (!line.includes('"someone@example.com"')) return line;
      return JSON.stringify({ ...JSON.parse(line), role: "super_admin" });
    });
    expect(edited).not.toEqual(lines);
    return { ...entry, body: Buffer.from(edited.join("\n")) };
  });
}

const withFile = (name: string, body: Buffer, header?: ArchiveEntry["header"]) => (entries: ArchiveEntry[]) => [
  ...entries,
  { name, body, header },
];

describe("an archive whose rows were edited", () => {
  it("is refused when its checksums were recomputed but it was not signed with this server's key", async () => {
    await expectRefused(
      await forgeArchive(archive, promote),
      /^the archive's signature does not match this server's backup key/,
    );
    await expectRefused(await forgeArchive(archive, promote, "another installation's key, 32 chars+"), /signature/);
    const user = await t.db.selectFrom("users").select("role").where("email", "=", "someone@example.com");
    expect((await user.executeTakeFirstOrThrow()).role).toBe("learner");
  });

  it("is refused without its signature", async () => {
    const unsigned = (await unpackArchive(archive)).filter((e) => e.name !== "manifest.hmac");
    await expectRefused(await packArchive(unsigned), /^the archive is not signed \(no manifest\.hmac\)/);
  });
});

describe("entries a backup never writes, even in a signed archive", () => {
  it("refuses a path out of the uploads folder, an absolute path and a symlink", async () => {
    const content = Buffer.from("x");
    for (const name of ["files/../../x", "files/lessons/../../../x", "../x"]) {
      await expectRefused(
        await forgeArchive(archive, withFile(name, content), key),
        /^entry ".*" is not a path a backup writes$/,
      );
    }
    await expectRefused(
      await forgeArchive(archive, withFile("/etc/lms-x", content), key),
      /^entry "\/etc\/lms-x" is not a path a backup writes$/,
    );
    await expectRefused(
      await forgeArchive(
        archive,
        withFile("files/lessons/link", Buffer.alloc(0), { type: "symlink", linkname: "/etc/passwd" }),
        key,
      ),
      /^entry "files\/lessons\/link" is a symlink; a backup holds only files$/,
    );
  });
});

describe("limits", () => {
  it("refuses an entry larger than the limit", async () => {
    await expectRefused(
      await forgeArchive(archive, withFile("files/lessons/big", Buffer.alloc(2 * MB, 1)), key),
      /^entry "files\/lessons\/big" is larger than 1 MB \(RESTORE_MAX_FILE_MB\)$/,
      { ...limits, maxEntryBytes: MB },
    );
  });

  it("refuses an archive larger in all than the limit", async () => {
    await expectRefused(
      await forgeArchive(archive, withFile("files/lessons/large", randomBytes(2 * MB)), key),
      /^the archive holds more than 1 MB uncompressed \(RESTORE_MAX_TOTAL_MB\)$/,
      { ...limits, maxTotalBytes: MB },
    );
  });

  it("refuses an archive that expands too much (a small archive holding a large file)", async () => {
    await expectRefused(
      await forgeArchive(archive, withFile("files/lessons/bomb", Buffer.alloc(40 * MB)), key),
      /^the archive expands more than 100 times its compressed size \(RESTORE_MAX_RATIO\)$/,
    );
  });

  it("refuses more entries than the limit", async () => {
    const count = (await unpackArchive(archive)).length;
    await expectRefused(
      await forgeArchive(archive, withFile("files/lessons/one-more", Buffer.from("x")), key),
      new RegExp(`^the archive has more than ${count} entries \\(RESTORE_MAX_ENTRIES\\)$`),
      { ...limits, maxEntries: count },
    );
  });

  it("refuses a row longer than the limit", async () => {
    const long = (entries: ArchiveEntry[]) =>
      entries.map((entry) => {
        if (!entry.name.startsWith("db/users/")) return entry;
        const lines = entry.body.toString().split("\n");
        lines[0] = JSON.stringify({ ...JSON.parse(lines[0] as string), bio: "x".repeat(2 * MB) });
        return { ...entry, body: Buffer.from(lines.join("\n")) };
      });
    await expectRefused(
      await forgeArchive(archive, long, key),
      /^a row in db\/users\/000001\.ndjson is longer than 1 MB \(RESTORE_MAX_ROW_MB\)$/,
      { ...limits, maxRowBytes: MB },
    );
  });

  it("restores the untouched archive with the same limits", async () => {
    const entries = (await unpackArchive(archive)).length;
    const summary = await restoreArchive(() => Readable.from([archive]), {
      database,
      uploads: createLocalStorage(uploadsRoot),
      key,
      limits: { ...limits, maxEntries: entries, maxEntryBytes: MB, maxRowBytes: MB },
    });
    expect(summary.files).toBe(1);
    const later = await t.db.selectFrom("users").select("id").where("email", "=", "after-the-backup@example.com");
    expect(await later.executeTakeFirst()).toBeUndefined();
  });
});
