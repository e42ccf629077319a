import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeSignedInUser(t.app, t.db, "admin")).auth;
});
afterAll(() => t.close());

async function search(text: string, extra = "") {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/users?limit=100&search=${encodeURIComponent(text)}${extra}`,
    headers: admin,
  });
  expect(response.statusCode, text).toBe(200);
  return response.json().data as {
    users: { email: string; name: string }[];
    pagination: { total: number; capped: boolean };
  };
}

describe("GET /api/admin/users?search (trigram index)", () => {
  it("finds any part of the name or e-mail, ignoring case, and follows renames and deletions", async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const user = await makeUser(t.db, { name: "Quentin Marchetti", email: `qm-${marker}@school.example` });
    expect((await search("marchet")).users.map((u) => u.email)).toContain(user.email);
    expect((await search("MARCHETTI")).users.map((u) => u.email)).toContain(user.email);
    expect((await search(`-${marker}@sch`)).users.map((u) => u.email)).toEqual([user.email]);
    expect((await search(marker)).pagination).toEqual(expect.objectContaining({ total: 1, capped: false }));

    await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${user.id}`,
      headers: admin,
      payload: { name: "Quentin Rossellini", email: `qr-${marker}@school.example` },
    });
    expect((await search(`qm-${marker}`)).users).toEqual([]);
    expect((await search(`rossellini`)).users.map((u) => u.email)).toContain(`qr-${marker}@school.example`);
    await t.app.inject({ method: "DELETE", url: `/api/admin/users/${user.id}`, headers: admin });
    expect((await search(marker)).users).toEqual([]);
  });

  it("takes search text that means something to the index or to LIKE as plain text", async () => {
    const marker = `zw${Date.now().toString(36)}`;
    const user = await makeUser(t.db, { email: `a_b%c-${marker}@example.test` });
    expect((await search(`a_b%c-${marker}`)).users.map((u) => u.email)).toEqual([user.email]);
    for (const text of ['"', 'a"b', "NEAR(", "x* OR y", "col:umn", "^", "%", "_", "\\"]) await search(text);
    expect((await search("%_%")).users).toEqual([]);
    const short = await search("zw");
    expect(short.users.map((u) => u.email)).toContain(user.email);
  });

  it("counts at most 10,000 matches and says so", async () => {
    const now = nowIso();
    const stamp = Date.now().toString(36);
    const rows = Array.from({ length: 10_050 }, (_, i) => ({
      id: `${stamp.padStart(12, "0").slice(-12)}${i.toString(16).padStart(12, "0")}`,
      name: "Capped Person",
      email: `capped-${i}-${stamp}@example.test`,
      password_hash: "x",
      role: "learner",
      status: "inactive",
      credits: 0,
      email_verified: 0,
      last_login: null,
      bio: null,
      location: null,
      phone: null,
      website: null,
      avatar: null,
      sessions_valid_after: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto("users")
        .values(rows.slice(i, i + 500))
        .execute();
    const capped = await search(`-${stamp}@example`, "&status=inactive");
    expect(capped.pagination).toEqual(expect.objectContaining({ total: 10_000, capped: true }));
    const exact = await search(`capped-1005-${stamp}`);
    expect(exact.pagination).toEqual(expect.objectContaining({ total: 1, capped: false }));

    // A search most of these users match is read in list order, not gathered from the index: the same pages.
    const newestFirst = (from: number) => Array.from({ length: 100 }, (_, i) => rows[from - i].email);
    const common = await search(`-${stamp}@EXAMPLE`);
    expect(common.pagination).toEqual(expect.objectContaining({ total: 10_000, capped: true }));
    expect(common.users.map((u) => u.email)).toEqual(newestFirst(10_049));
    expect((await search(`-${stamp}@example`, "&page=3")).users.map((u) => u.email)).toEqual(newestFirst(9_849));
    const learners = await search(`-${stamp}@example`, "&role=learner&page=2");
    expect(learners.users.map((u) => u.email)).toEqual(newestFirst(9_949));
    expect(learners.pagination).toEqual(expect.objectContaining({ total: 10_000, capped: true }));
    expect((await search(`-${stamp}@example`, "&role=admin")).pagination).toEqual(
      expect.objectContaining({ total: 0, capped: false }),
    );
  });
});

describe("GET /api/admin/users without filters", () => {
  // A database of its own: the file's other tests add over 10,000 users, where totals stop.
  let own: TestContext;
  let ownAdmin: Record<string, string>;
  beforeAll(async () => {
    own = await createTestApp();
    ownAdmin = (await makeSignedInUser(own.app, own.db, "admin")).auth;
  });
  afterAll(() => own.close());

  it("counts every user in its total, following creations and deletions", async () => {
    const everyone = async () =>
      Number(
        (
          await own.db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const listed = async () => {
      const response = await own.app.inject({ method: "GET", url: "/api/admin/users", headers: ownAdmin });
      expect(response.statusCode).toBe(200);
      return response.json().data.pagination.total as number;
    };
    const before = await listed();
    expect(before).toBe(await everyone());
    const [first] = await Promise.all([makeUser(own.db), makeUser(own.db)]);
    expect(await listed()).toBe(before + 2);
    const removed = await own.app.inject({ method: "DELETE", url: `/api/admin/users/${first.id}`, headers: ownAdmin });
    expect(removed.statusCode).toBe(200);
    expect(await listed()).toBe(before + 1);
    expect(await listed()).toBe(await everyone());
  });
});
