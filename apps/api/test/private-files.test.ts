import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { openDb } from "../src/db/connection.js";
import { createMailer } from "../src/mail/mailer.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { finishedBackup } from "./support/backups.js";
import { makeSignedInUser } from "./support/factories.js";
import { multipart, PNG } from "./support/multipart.js";

/** Files the product writes hold reset links, password hashes and secrets: for the service's user only. */
const mode = (file: string) => statSync(file).mode & 0o777;

/** Every folder and file under `root` with its mode, the root included. */
function modesUnder(root: string): { folders: Record<string, number>; files: Record<string, number> } {
  const folders: Record<string, number> = { [root]: mode(root) };
  const files: Record<string, number> = {};
  for (const entry of readdirSync(root, { recursive: true })) {
    const full = path.join(root, String(entry));
    if (statSync(full).isDirectory()) folders[full] = mode(full);
    else files[full] = mode(full);
  }
  return { folders, files };
}

function expectPrivate(root: string) {
  const { folders, files } = modesUnder(root);
  expect(Object.keys(files).length).toBeGreaterThan(0);
  for (const [folder, folderMode] of Object.entries(folders)) expect([folder, folderMode]).toEqual([folder, 0o700]);
  for (const [file, fileMode] of Object.entries(files)) expect([file, fileMode]).toEqual([file, 0o600]);
}

const scratch: string[] = [];
const newDataDir = () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "lms-modes-")), "data");
  scratch.push(path.dirname(dir));
  return dir;
};
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("files the product creates", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps the generated secrets 0600 in a 0700 DATA_DIR, and the same key after a restart", () => {
    const dataDir = newDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "jwt-secret"))).toBe(0o600);
    expect(mode(path.join(dataDir, "backup-key"))).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(again.backupKey).toBe(first.backupKey);
    expect(again.jwtSecret).toBe(first.jwtSecret);
    const configured = "a backup key set on every machine, 32+ characters";
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_KEY: configured }).backupKey).toBe(configured);
  });

  it("creates the SQLite database and its -wal and -shm files 0600", async () => {
    const dataDir = newDataDir();
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, "lms.db");
    const database = openDb(`file:${file}`);
    try {
      await sql`create table t (x integer)`.execute(database.db);
      await sql`insert into t values (1)`.execute(database.db);
      for (const suffix of ["", "-wal", "-shm"]) expect([suffix, mode(`${file}${suffix}`)]).toEqual([suffix, 0o600]);
    } finally {
      await database.close();
    }
  });

  it("writes an upload and a backup archive 0600 in 0700 folders", async () => {
    const { auth } = await makeSignedInUser(t.app, t.db, "super_admin");
    const body = multipart({}, { field: "file", filename: "me.png", content: PNG, type: "image/png" });
    const uploaded = await t.app.inject({
      method: "PUT",
      url: "/api/users/me/avatar",
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    expectPrivate(path.join(t.dataDir, "uploads"));

    const started = await t.app.inject({ method: "POST", url: "/api/admin/backup", headers: auth });
    expect((await finishedBackup(t.app, auth, started.json().data.backup._id)).status).toBe("succeeded");
    expectPrivate(path.join(t.dataDir, "backups"));
  });

  it("writes outbox mail (it holds reset links) 0600 in a 0700 folder", async () => {
    const dataDir = newDataDir();
    mkdirSync(dataDir, { recursive: true });
    const mailer = createMailer({ mailFrom: "lms@example.test", dataDir }, pino({ level: "silent" }));
    await mailer.send({ to: "someone@example.test", subject: "Reset your password", text: "a reset link" });
    expectPrivate(path.join(dataDir, "outbox"));
  });
});

describe("an older install's DATA_DIR", () => {
  it("is tightened at start-up: its folders 0700, its files 0600", () => {
    const dataDir = newDataDir();
    for (const folder of ["uploads/lessons", "outbox", "backups/archives"]) {
      mkdirSync(path.join(dataDir, folder), { recursive: true, mode: 0o755 });
    }
    const files = ["jwt-secret", "lms.db", "uploads/lessons/a", "outbox/m.json", "backups/archives/b"];
    for (const file of files) writeFileSync(path.join(dataDir, file), "old", { mode: 0o644 });
    chmodSync(dataDir, 0o755);
    for (const folder of [dataDir, path.join(dataDir, "uploads"), path.join(dataDir, "uploads/lessons")]) {
      chmodSync(folder, 0o755);
    }
    expect(mode(path.join(dataDir, "uploads/lessons/a"))).toBe(0o644);

    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir)).toBe(0o700);
    for (const file of files) expect([file, mode(path.join(dataDir, file))]).toEqual([file, 0o600]);
    for (const folder of ["uploads", "outbox", "backups"]) expectPrivate(path.join(dataDir, folder));
  });
});
