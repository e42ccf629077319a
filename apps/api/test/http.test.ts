import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MESSAGES } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";

let t: TestContext;
const webDist = mkdtempSync(path.join(tmpdir(), "lms-web-"));
beforeAll(async () => {
  writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>LMS</title><div id=root></div>");
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(() => t.close());

describe("http basics", () => {
  it("GET /api/health answers ok without auth", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: "ok" } });
  });

  it("sends security headers: pages get a CSP without inline scripts, api answers a policy of nothing", async () => {
    const page = await t.app.inject({ method: "GET", url: "/courses" });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const api = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const response of [page, api]) {
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });

  it("answers bad JSON with 400, a wrong content type with 415 and an oversized body with 413", async () => {
    const badJson = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({
      success: false,
      message: MESSAGES.invalidJson.text,
      code: "MESSAGES.invalidJson",
    });

    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().success).toBe(false);

    const huge = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      success: false,
      message: MESSAGES.payloadTooLarge.text,
      code: "MESSAGES.payloadTooLarge",
    });
  });

  it("answers an unknown api route with a JSON 404 and never a stack trace", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      message: MESSAGES.routeNotFound.text,
      code: "MESSAGES.routeNotFound",
    });
  });

  it("gives a catalogued message its stable code, on the body and on each field error, so a client can translate it", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { name: "", email: "not-an-email", password: "short" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toMatch(/^MESSAGES\./);
    const email = body.errors.find((item: { path: string }) => item.path === "email");
    expect(email).toEqual({ path: "email", msg: MESSAGES.emailInvalid.text, code: "MESSAGES.emailInvalid" });
  });

  it("serves the web app's index.html for client-side routes", async () => {
    for (const url of ["/", "/login", "/courses/abc", "/reset-password/xyz"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("answers a missing built asset with 404, not with the app page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/index-gone.js" });
    expect(response.statusCode).toBe(404);
  });

  it("answers HEAD of a page route like GET, without the body", async () => {
    for (const url of ["/", "/courses", `/courses/${"a".repeat(24)}`, "/login"]) {
      const get = await t.app.inject({ method: "GET", url });
      const head = await t.app.inject({ method: "HEAD", url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers["content-type"], url).toContain("text/html");
      expect(head.headers["cache-control"], url).toBe(get.headers["cache-control"]);
      expect(head.headers["content-length"], url).toBe(get.headers["content-length"]);
      expect(head.body, url).toBe("");
    }
  });

  it("answers HEAD of a missing asset with 404 and HEAD of an api route as Fastify does", async () => {
    const asset = await t.app.inject({ method: "HEAD", url: "/assets/x.js" });
    expect(asset.statusCode).toBe(404);
    const health = await t.app.inject({ method: "HEAD", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe("");
    const unknown = await t.app.inject({ method: "HEAD", url: "/api/nope" });
    expect(unknown.statusCode).toBe(404);
  });

  it("publishes an OpenAPI document and browsable docs at /api/docs", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/auth/login", "/api/courses", "/api/health"]));
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain("swagger");
  });
});
