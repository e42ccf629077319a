import { ROLES, type Role } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountActivityDaily } from "../src/modules/activities/daily-counts.js";
import { roleScopes, rollupScopes } from "../src/modules/activities/repo.js";
import { createActivityRetention } from "../src/modules/activities/retention.js";
import { makeActivity } from "./support/activities.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { currentDialect } from "./support/backups.js";
import { login, makeSignedInUser } from "./support/factories.js";

// Lists read their totals from stored counts (migration 063): all-time totals per scope and type, and
// daily counts by the role the actor had when the entry was written (the role filter's meaning), kept
// by the triggers on every insert and delete, and recounted by a restore.
const NOW = new Date("2026-03-15T12:00:00.000Z");

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: admin.auth });

const sumOf = async (table: "activity_daily" | "activity_totals", scopes: string[]) => {
  const { n } = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.sum<number | string | null>("count").as("n"))
    .where("scope", "in", scopes)
    .executeTakeFirstOrThrow();
  return Number(n ?? 0);
};

const entriesOf = async (role?: Role) => {
  let query = t.db.selectFrom("activities").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (role) query = query.where("user_role", "=", role);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** Each stored count equals the entries it counts, and the lists answer with it. */
async function expectCountsRight() {
  const everyone = await entriesOf();
  expect(await sumOf("activity_totals", rollupScopes(t.db, null))).toBe(everyone);
  expect((await get("/api/admin/activity-logs")).json().data.pagination.total).toBe(everyone);
  const wholeLog = await get("/api/admin/activity-logs?startDate=2000-01-01&endDate=2100-12-31");
  expect(wholeLog.json().data.pagination.total).toBe(everyone);
  for (const role of ROLES) {
    const entries = await entriesOf(role);
    expect(await sumOf("activity_daily", roleScopes(t.db, role)), role).toBe(entries);
    expect(await sumOf("activity_totals", roleScopes(t.db, role)), role).toBe(entries);
    const { pagination } = (await get(`/api/admin/activity-logs?role=${role}`)).json().data;
    expect(pagination, role).toMatchObject({ total: entries, capped: false });
  }
}

describe("stored activity totals", () => {
  it("count each entry under the role its actor had when it was written, across a role change", async () => {
    const mover = await makeSignedInUser(t.app, t.db, "learner");
    const promoted = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${mover.user.id}`,
      headers: admin.auth,
      payload: { role: "instructor" },
    });
    expect(promoted.statusCode).toBe(200);
    await login(t.app, mover.user);

    const byRole = async (role: Role) =>
      (await get(`/api/admin/activity-logs?role=${role}&type=login`))
        .json()
        .data.activities.filter((a: { user: { _id: string } }) => a.user._id === mover.user.id);
    expect(await byRole("learner")).toHaveLength(1);
    expect(await byRole("instructor")).toHaveLength(1);
    expect(await sumOf("activity_totals", roleScopes(t.db, "instructor"))).toBeGreaterThan(0);
    await expectCountsRight();
  });

  it("follow deletions: an admin's delete and the retention's pruning", async () => {
    const learner = await makeSignedInUser(t.app, t.db, "learner");
    const { activities } = (await get(`/api/admin/activity-logs?userId=${learner.user.id}`)).json().data;
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/activities/${activities[0]._id}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBe(200);
    await expectCountsRight();

    for (let day = 1; day <= 3; day++)
      await makeActivity(t.db, { user: learner.user, createdAt: `2025-12-0${day}T08:00:00.000Z` });
    const retention = createActivityRetention({ db: t.db, days: 60, now: () => NOW, log: t.app.log, pauseMs: 0 });
    expect(await retention.runOnce()).toBeGreaterThanOrEqual(3);
    await expectCountsRight();
  });

  it("are counted again from the entries when a restore recounts the daily counts", async () => {
    await makeActivity(t.db, { user: admin.user, type: "admin_action", createdAt: "2026-03-14T08:00:00.000Z" });
    await t.db.deleteFrom("activity_daily").execute();
    await recountActivityDaily(t.db, currentDialect());
    expect(await sumOf("activity_totals", roleScopes(t.db, "admin"))).toBeGreaterThan(0);
    await expectCountsRight();
  });
});
