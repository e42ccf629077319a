import { ACTIVITY_COUNT_CAP } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";

// More entries than the capped count reads: a total from the daily rollups is exact past the cap,
// one that has to count the entries stops there and says so.
const VIEWS = 6_000;
const LOGINS = 4_050;
const DAYS = 30;

let t: TestContext;
let learner: Awaited<ReturnType<typeof makeSignedInUser>>;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  [learner, admin] = await Promise.all([
    makeSignedInUser(t.app, t.db, "learner"),
    makeSignedInUser(t.app, t.db, "admin"),
  ]);
  const { user } = learner;
  const rows = Array.from({ length: VIEWS + LOGINS }, (_, i) => ({
    id: newId(),
    user_id: user.id,
    type: i < VIEWS ? "course_view" : "login",
    title: i < VIEWS ? "Viewed a course" : "Signed in",
    description: null,
    course_id: null,
    metadata: null,
    ip: null,
    user_name: user.name,
    user_email: user.email,
    user_role: "learner",
    course_title: null,
    course_code: null,
    // Day d of March 2026 holds the entries i with i % DAYS = d - 1.
    created_at: `2026-03-${String((i % DAYS) + 1).padStart(2, "0")}T10:00:00.000Z`,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto("activities")
      .values(rows.slice(i, i + 500))
      .execute();
}, 120_000);
afterAll(() => t.close());

const pagination = async (url: string, auth: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json().data.pagination;
};

/** How many of the seeded entries fall on days first..last of March (each day's share of i % DAYS). */
const seededOn = (first: number, last: number, from = 0, to = VIEWS + LOGINS) =>
  Array.from({ length: to - from }, (_, k) => from + k).filter((i) => {
    const day = (i % DAYS) + 1;
    return day >= first && day <= last;
  }).length;

describe("activity totals past the counting cap", () => {
  it("are exact from the rollups for one user's entries, by type and by whole days", async () => {
    const mine = (query: string) => pagination(`/api/activities/my-activities?${query}`, learner.auth);
    // The sign-in of makeSignedInUser wrote one login entry of its own, today.
    expect(await mine("")).toMatchObject({ total: VIEWS + LOGINS + 1, capped: false, pages: 503 });
    expect(await mine("type=course_view")).toMatchObject({ total: VIEWS, capped: false });
    expect(await mine("type=login&endDate=2026-03-31")).toMatchObject({ total: LOGINS, capped: false });
    expect(await mine("startDate=2026-03-03&endDate=2026-03-07")).toMatchObject({
      total: seededOn(3, 7),
      capped: false,
    });
    expect(await mine("type=course_view&startDate=2026-03-30")).toMatchObject({
      total: seededOn(30, 31, 0, VIEWS),
      capped: false,
    });
  });

  it("are exact for one user in the admin log, and stop at the cap where a filter is not in the rollups", async () => {
    const log = (query: string) => pagination(`/api/admin/activity-logs?${query}`, admin.auth);
    expect(await log(`userId=${learner.user.id}&endDate=2026-03-31`)).toMatchObject({
      total: VIEWS + LOGINS,
      capped: false,
    });
    expect(await log("role=learner")).toMatchObject({ total: ACTIVITY_COUNT_CAP, capped: true });
    const byName = `/api/activities/my-activities?search=${encodeURIComponent(learner.user.name)}`;
    expect(await pagination(byName, learner.auth)).toMatchObject({ total: ACTIVITY_COUNT_CAP, capped: true });
  });
});
