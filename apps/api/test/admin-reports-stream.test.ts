import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import type { UserRow } from "../src/modules/users/repo.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser, makeUser } from "./support/factories.js";

const COUNT = 20_000;
const DAY = "2019-09-09";

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeSignedInUser(t.app, t.db, "admin");
  const at = `${DAY}T12:00:00.000Z`;
  const users: UserRow[] = Array.from({ length: COUNT }, (_, i) => ({
    id: newId(),
    name: `Bulk ${i}`,
    email: `bulk-${i}@stream.test`,
    password_hash: "not-a-real-hash",
    role: "learner",
    status: "active",
    credits: i,
    email_verified: 0,
    last_login: null,
    bio: null,
    location: null,
    phone: null,
    website: null,
    avatar: null,
    sessions_valid_after: null,
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < COUNT; i += 500)
    await t.db
      .insertInto("users")
      .values(users.slice(i, i + 500))
      .execute();
}, 120_000);
afterAll(() => t.close());

describe("a large report", () => {
  it("streams 20,000 users in chunks, reading the database page by page as the client takes them", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/reports",
      headers: admin.auth,
      payload: { reportType: "users", filters: { startDate: DAY, endDate: DAY } },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["transfer-encoding"]).toBe("chunked");
    expect(response.headers["content-length"]).toBeUndefined();

    const chunks: Buffer[] = [];
    const stream = response.stream();
    const firstArrived = new Promise<void>((resolve) =>
      stream.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.length === 1) {
          stream.pause();
          resolve();
        }
      }),
    );
    await firstArrived;
    const first = chunks[0];
    // Made after the first chunk left: it is in the file only if the last pages were read after that.
    const late = await makeUser(t.db, { name: "Came late", created_at: `${DAY}T23:00:00.000Z` });
    await new Promise((resolve) => stream.on("end", resolve).resume());

    expect(chunks.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(256 * 1024);
    const [header, ...records] = parse(Buffer.concat(chunks)) as string[][];
    expect(header[0]).toBe("Name");
    expect(records).toHaveLength(COUNT + 1);
    expect(records[0].slice(0, 2)).toEqual(["Bulk 0", "bulk-0@stream.test"]);
    expect(records[COUNT - 1][4]).toBe(String(COUNT - 1));
    expect(records[COUNT][1]).toBe(late.email);
  }, 120_000);
});
