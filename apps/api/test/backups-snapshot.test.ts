import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/connection.js";
import { withSnapshot } from "../src/modules/backups/snapshot.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { currentDialect } from "./support/backups.js";
import { makeCourse, makeEnrollment, makeUser } from "./support/factories.js";

let t: TestContext;
let database: Db;
beforeAll(async () => {
  t = await createTestApp();
  database = { db: t.db, dialect: currentDialect(), close: async () => {} };
});
afterAll(() => t.close());

async function allRows(pages: AsyncIterable<Record<string, unknown>[]>) {
  const rows: Record<string, unknown>[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}

describe("the backup's snapshot", () => {
  it("sees every table as of one moment while writes go on, and reads in pages", async () => {
    const course = await makeCourse(t.db);
    for (let i = 0; i < 5; i++) await makeEnrollment(t.db, { course_id: course.id });
    const usersBefore = await t.db.selectFrom("users").select("id").execute();

    const seen = await withSnapshot(database, async (snapshot) => {
      const users = [];
      for await (const page of snapshot.pages("users", 2)) {
        expect(page.length).toBeLessThanOrEqual(2);
        users.push(...page);
        // The product keeps writing while the snapshot is open (a new user and enrollment commit now).
        if (users.length === 2) {
          const late = await makeUser(t.db, { name: "Joined during the backup" });
          await makeEnrollment(t.db, { course_id: course.id, user_id: late.id });
        }
      }
      return { users, enrollments: await allRows(snapshot.pages("enrollments", 100)) };
    });

    expect(seen.users.map((u) => u.id).sort()).toEqual(usersBefore.map((u) => u.id).sort());
    expect(seen.enrollments).toHaveLength(5);
    expect(await t.db.selectFrom("enrollments").select("id").execute()).toHaveLength(6);
    expect(seen.users.some((u) => u.name === "Joined during the backup")).toBe(false);
  });
});
