import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCategory, makeCourse } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE_SECONDS: "60" } });
});
afterAll(() => t.close());

const titles = async (url: string) =>
  (await t.app.inject({ method: "GET", url })).json().data.courses.map((c: { title: string }) => c.title);

describe("public answer cache", () => {
  it("serves the catalogue from cache until a write goes through the api", async () => {
    const category = await makeCategory(t.db);
    const url = `/api/courses?category=${category.id}`;
    await makeCourse(t.db, { category_id: category.id, title: "First" });
    expect(await titles(url)).toEqual(["First"]);

    // Written behind the api's back (as another process would): not seen until the cache expires...
    await makeCourse(t.db, { category_id: category.id, title: "Second", enrollment_count: 5 });
    expect(await titles(url)).toEqual(["First"]);

    // ...but any successful write through this process clears it.
    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Cache Buster", email: "cache@example.test", password: "Secret123" },
    });
    expect(register.statusCode).toBe(201);
    expect(await titles(url)).toEqual(["Second", "First"]);
  });

  it("answers cached responses as JSON with the same body", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/categories" });
    const second = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(second.headers["content-type"]).toContain("application/json");
    expect(second.body).toBe(first.body);
  });
});
