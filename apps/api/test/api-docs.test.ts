import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("API_DOCS", () => {
  it("serves the OpenAPI pages and their JSON by default", async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });

  it("answers 404 for the pages and their JSON when turned off", async () => {
    t = await createTestApp({ env: { API_DOCS: "false" } });
    for (const url of ["/api/docs", "/api/docs/json", "/api/docs/yaml", "/api/docs/static/index.html"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });
});
