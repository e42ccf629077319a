import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemoData } from "../src/seed/demo.js";
import { seedDemoSessions } from "../src/seed/sessions.js";
import { createLocalStorage } from "../src/storage/local.js";
import { createTestDb, type TestDb } from "./support/db.js";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.cleanup());

it("seeds the demo instructor's sessions once: tomorrow at 10:00, later office hours, and a completed class with a recording", async () => {
  const { db } = testDb.database;
  const storage = createLocalStorage(path.join(testDb.dataDir, "uploads"));
  await seedDemoData(db, storage);
  expect(await seedDemoSessions(db, { storage, uidDomain: "lms.test" })).toBe(true);
  expect(await seedDemoSessions(db, { storage, uidDomain: "lms.test" })).toBe(false);

  const sessions = await db.selectFrom("sessions").selectAll().orderBy("scheduled_at").execute();
  expect(sessions).toHaveLength(6);
  const upcoming = sessions.filter((s) => s.status === "scheduled");
  expect(upcoming.length).toBe(4);
  const tomorrow = upcoming[0];
  expect(Date.parse(tomorrow.scheduled_at)).toBeGreaterThan(Date.now());
  expect(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", timeStyle: "short" }).format(
      new Date(tomorrow.scheduled_at),
    ),
  ).toBe("10:00");

  const [recording, other] = await db.selectFrom("recordings").selectAll().execute();
  expect(other).toBeDefined();
  expect(recording.mime_type).toBe("video/mp4");
  expect(await storage.size(recording.storage_key ?? "")).toBe(recording.size);
  const attendance = await db.selectFrom("session_attendance").select("id").execute();
  expect(attendance.length).toBeGreaterThan(0);
});
