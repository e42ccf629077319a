import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser, makeUser } from "./support/factories.js";

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeSignedInUser(t.app, t.db, "admin")).auth;
});
afterAll(() => t.close());

const list = (query: string, headers = admin) =>
  t.app.inject({ method: "GET", url: `/api/admin/users${query}`, headers });

describe("GET /api/admin/users", () => {
  it("lists users newest first with pagination, 10 per page by default, without password hashes", async () => {
    const response = await list("");
    expect(response.statusCode).toBe(200);
    const { users, pagination } = response.json().data;
    expect(pagination).toMatchObject({ page: 1, limit: 10 });
    expect(users.length).toBeGreaterThan(0);
    expect(JSON.stringify(users)).not.toContain("argon2");
  });

  it("searches name and e-mail case-insensitively and filters by role and status", async () => {
    const marker = `zx${Date.now()}`;
    await makeUser(t.db, { name: "Quentin Marker", email: `${marker}@example.test`, role: "instructor" });
    await makeUser(t.db, {
      name: `Other ${marker}`.replace(/\d/g, ""),
      email: `other-${marker}@example.test`,
      status: "suspended",
    });
    expect((await list(`?search=${marker.toUpperCase()}`)).json().data.users).toHaveLength(2);
    const instructors = (await list(`?search=${marker}&role=instructor`)).json().data.users;
    expect(instructors.map((u: { name: string }) => u.name)).toEqual(["Quentin Marker"]);
    expect((await list(`?search=${marker}&status=suspended`)).json().data.users).toHaveLength(1);
    expect((await list("?search=quentin marker")).json().data.users[0].name).toBe("Quentin Marker");
  });

  it("refuses bad filters with 400 and non-admins with 403", async () => {
    expect((await list("?role=king")).statusCode).toBe(400);
    expect((await list("?limit=1000")).statusCode).toBe(400);
    const learner = (await makeSignedInUser(t.app, t.db, "learner")).auth;
    expect((await list("", learner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users" })).statusCode).toBe(401);
  });
});
