import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import type { BackupFrequency } from "../src/modules/backups/schedule.js";
import { isBackupDue, nextBackupDue } from "../src/modules/backups/schedule.js";
import { createBackupService } from "../src/modules/backups/service.js";
import { createLocalStorage } from "../src/storage/local.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { currentDialect, restoreSettings } from "./support/backups.js";

let t: TestContext;
let database: Db;
let clock: Date;

beforeAll(async () => {
  t = await createTestApp();
  database = { db: t.db, dialect: currentDialect(), close: async () => {} };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom("backups").execute();
  await t.db.deleteFrom("backup_lock").execute();
  clock = new Date("2026-03-10T08:00:00.000Z");
});

/** One server process: its own service on the shared database, on the test's clock. */
function serverProcess(retention = 10) {
  const archives = createLocalStorage(path.join(t.dataDir, "backups"));
  const service = createBackupService({
    database,
    uploads: createLocalStorage(path.join(t.dataDir, "uploads")),
    archives,
    retention: { scheduled: retention, manual: retention },
    key: restoreSettings(t.dataDir).key,
    now: () => clock,
    log: t.app.log,
  });
  return { service, archives };
}

async function setFrequency(frequency: BackupFrequency) {
  await t.db
    .updateTable("system_settings")
    .set({ value: JSON.stringify(frequency) })
    .where("key", "=", "backupFrequency")
    .execute();
}

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const HOUR = 3_600_000;

describe("the next due time", () => {
  const last = new Date("2026-01-31T22:30:00.000Z");
  const now = new Date("2026-01-31T23:00:00.000Z");
  it.each([
    ["hourly", "2026-01-31T23:30:00.000Z"],
    ["daily", "2026-02-01T22:30:00.000Z"],
    ["weekly", "2026-02-07T22:30:00.000Z"],
    ["monthly", "2026-03-03T22:30:00.000Z"],
  ] as const)("%s: one period after the last success", (frequency, expected) => {
    expect(nextBackupDue(frequency, last, now).toISOString()).toBe(expected);
  });

  it("is now when there has never been a successful backup", () => {
    expect(nextBackupDue("weekly", null, now)).toEqual(now);
  });

  it("waits 15 minutes after a failed scheduled backup before trying again", () => {
    const failure = new Date(now.getTime() - 14 * 60_000);
    expect(isBackupDue("hourly", { success: null, failure }, now)).toBe(false);
    expect(isBackupDue("hourly", { success: null, failure }, new Date(now.getTime() + 60_000))).toBe(true);
  });
});

describe("a failed backup", () => {
  it("records the error, keeps no archive, frees the lock and waits before the next scheduled try", async () => {
    await setFrequency("hourly");
    const uploads = createLocalStorage(path.join(t.dataDir, "uploads"));
    const archives = createLocalStorage(path.join(t.dataDir, "backups"));
    await uploads.putAt("lessons/broken", Readable.from([Buffer.from("content")]));
    const failing = createBackupService({
      database,
      uploads: { ...uploads, read: () => Readable.from(faultyChunks()) },
      archives,
      retention: { scheduled: 10, manual: 10 },
      key: restoreSettings(t.dataDir).key,
      now: () => clock,
      log: t.app.log,
    });
    const row = await failing.runIfDue();
    expect(row).toMatchObject({ status: "failed", error: "disk read error", storage_key: null });
    expect(await t.db.selectFrom("backup_lock").selectAll().execute()).toHaveLength(0);
    let kept = 0;
    for await (const _ of archives.list()) kept++;
    expect(kept).toBe(0);
    later(14 * 60_000);
    expect(await failing.runIfDue()).toBeNull();
    later(60_000);
    expect(await serverProcess().service.runIfDue()).toMatchObject({ status: "succeeded", files: 1 });
    await uploads.remove(["lessons/broken"]);
  });
});

async function* faultyChunks(): AsyncGenerator<Buffer> {
  yield Buffer.from("cont");
  throw new Error("disk read error");
}

describe("scheduled backups", () => {
  it("follow backupFrequency from the last successful backup, surviving a restart", async () => {
    await setFrequency("daily");
    const first = serverProcess();
    const row = await first.service.runIfDue();
    expect(row).toMatchObject({ status: "succeeded", trigger: "scheduled", started_at: clock.toISOString() });
    expect(await first.service.runIfDue()).toBeNull();

    later(23 * HOUR);
    // A restarted process keeps nothing in memory: the due time comes from the stored history.
    const restarted = serverProcess();
    expect(await restarted.service.runIfDue()).toBeNull();
    later(HOUR);
    expect(await restarted.service.runIfDue()).toMatchObject({ status: "succeeded" });

    await setFrequency("hourly");
    later(HOUR - 1);
    expect(await restarted.service.runIfDue()).toBeNull();
    later(1);
    expect(await restarted.service.runIfDue()).toMatchObject({ status: "succeeded" });
    expect(await t.db.selectFrom("backups").select("id").execute()).toHaveLength(3);
  });

  it("runs once when two processes share one database", async () => {
    await setFrequency("hourly");
    const a = serverProcess();
    const b = serverProcess();
    const results = await Promise.all([a.service.runIfDue(), b.service.runIfDue(), a.service.runIfDue()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await t.db.selectFrom("backups").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("succeeded");
    expect(await t.db.selectFrom("backup_lock").selectAll().execute()).toHaveLength(0);
  });

  it("keeps the newest archives up to the retention count and removes the older ones", async () => {
    await setFrequency("hourly");
    const { service, archives } = serverProcess(2);
    const taken = [];
    for (let i = 0; i < 4; i++) {
      taken.push(await service.runIfDue());
      later(HOUR);
    }
    const rows = await t.db.selectFrom("backups").selectAll().orderBy("started_at").execute();
    expect(rows.map((r) => r.removed_at === null)).toEqual([false, false, true, true]);
    for (const [i, row] of rows.entries()) {
      expect(await archives.size(row.storage_key as string)).toBe(i < 2 ? null : row.size);
    }
    expect(taken.every((row) => row?.status === "succeeded")).toBe(true);
  });

  it("keeps manual archives by their own count, so backing up by hand never removes a scheduled archive", async () => {
    await setFrequency("daily");
    const { service } = serverProcess(2);
    const scheduled = await service.runIfDue();
    expect(scheduled?.status).toBe("succeeded");
    const admin = { id: "0".repeat(24), name: "Admin" };
    for (let i = 0; i < 7; i++) {
      later(60_000);
      const started = await service.start(admin);
      await service.runStarted(started.id);
    }
    const rows = await t.db.selectFrom("backups").selectAll().orderBy("started_at").execute();
    const kept = (trigger: string) => rows.filter((r) => r.trigger === trigger && r.removed_at === null).length;
    expect(rows.find((r) => r.id === scheduled?.id)?.removed_at).toBeNull();
    expect(kept("scheduled")).toBe(1);
    expect(kept("manual")).toBe(2);
  });
});
