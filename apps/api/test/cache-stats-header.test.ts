import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse } from "./support/factories.js";

const statsOf = (header: unknown) => {
  const [pid, hits, misses] = String(header).split(" ").map(Number);
  return { pid, hits, misses };
};

describe("read-cache stats header (READ_CACHE_STATS_HEADER, for the load bench)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { READ_CACHE_SECONDS: "60", READ_CACHE_STATS_HEADER: "true" } });
  });
  afterAll(() => t.close());

  it("counts a repeated catalogue read as a hit and a read after a write as a miss", async () => {
    await makeCourse(t.db, { published: 1 });
    const read = () => t.app.inject({ method: "GET", url: "/api/courses?limit=7" });
    const first = statsOf((await read()).headers["x-read-cache-stats"]);
    expect(first.pid).toBe(process.pid);
    const second = statsOf((await read()).headers["x-read-cache-stats"]);
    expect(second.hits).toBeGreaterThan(first.hits);
    expect(second.misses).toBe(first.misses);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "Cache Reader", email: `reader-${Date.now()}@example.test`, password: "Password123!" },
    });
    expect(login.statusCode).toBeLessThan(300);
    const afterWrite = statsOf((await read()).headers["x-read-cache-stats"]);
    expect(afterWrite.misses).toBeGreaterThan(second.misses);
  });
});

describe("read-cache stats header off (the default)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { READ_CACHE_SECONDS: "60" } });
  });
  afterAll(() => t.close());

  it("is not sent", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/courses" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-read-cache-stats"]).toBeUndefined();
  });
});
