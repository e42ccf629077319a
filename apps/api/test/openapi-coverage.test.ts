import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string }> } }> };
}

/** Every route the app registers, with its own options, seen through an onRoute hook on the instance. */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock("fastify", async (importOriginal) => {
  const actual = await importOriginal<typeof import("fastify")>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook("onRoute", (route) => void registered.push(route));
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: create };
});

describe("the OpenAPI document (/api/docs/json)", () => {
  let t: TestContext;
  let doc: { paths: Record<string, Record<string, OpenApiOperation>> };
  let routes: { key: string; path: string; method: string; route: RouteOptions }[];
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    routes = registered
      .filter((route) => route.url.startsWith("/api/") && !route.url.startsWith("/api/docs"))
      .flatMap((route) =>
        [route.method].flat().flatMap((method) => {
          if (method === "HEAD") return [];
          // A trailing wildcard (a SCORM package's file path) is named {*} in the document.
          const path = route.url.replace(/:(\w+)/g, "{$1}").replace(/\/\*$/, "/{*}");
          return [{ key: `${method} ${path}`, path, method: method.toLowerCase(), route }];
        }),
      );
  });
  afterAll(() => t.close());

  it("describes every route the api registers", () => {
    expect(routes.length).toBeGreaterThan(150);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect(routes.filter((r) => !documented.has(r.key)).map((r) => r.key)).toEqual([]);
  });

  it("describes the request body of every route that takes one, multipart uploads with their binary file part", () => {
    const missing: string[] = [];
    const multipart: string[] = [];
    for (const { key, path, method, route } of routes) {
      const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
      const takesMultipart = schema?.consumes?.includes("multipart/form-data") ?? false;
      if (!schema?.body && !takesMultipart) continue;
      const content = doc.paths[path]?.[method]?.requestBody?.content ?? {};
      if (takesMultipart) {
        multipart.push(key);
        const parts = Object.values(content["multipart/form-data"]?.schema?.properties ?? {});
        if (!parts.some((part) => part.format === "binary")) missing.push(`${key} (multipart, no binary file part)`);
      } else if (!content["application/json"]?.schema) missing.push(key);
    }
    expect(missing).toEqual([]);
    // Lesson files, materials, recordings, avatars, question images, answer files, user import and its preview.
    expect(multipart.length, multipart.join("\n")).toBeGreaterThanOrEqual(8);
  });
});
