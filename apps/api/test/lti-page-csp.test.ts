import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";

let t: TestContext;
const webDist = mkdtempSync(path.join(tmpdir(), "lms-web-"));
beforeAll(async () => {
  writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>LMS</title><div id=root></div>");
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(() => t.close());

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? "";

const pageCsp = async () =>
  String((await t.app.inject({ method: "GET", url: "/courses/abc" })).headers["content-security-policy"]);

describe("the pages' CSP and LTI tools (issue 25)", () => {
  it("lets pages frame and post forms to a registered tool's origins from the next page on, and no others", async () => {
    const before = await pageCsp();
    // Without tools, default-src 'self' alone governs frames.
    expect(directive(before, "frame-src")).toBe("");
    expect(directive(before, "form-action")).toBe("form-action 'self'");

    const { token } = await makeSignedInUser(t.app, t.db, "admin");
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/admin/lti/tools",
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name: "Virtual lab",
        loginUrl: "https://login.lab.example:8443/oidc",
        launchUrl: "https://lab.example/launch",
        deepLinkingUrl: "https://picker.lab.example/deep",
        jwksUrl: "https://keys.elsewhere.example/jwks",
        services: ["ags"],
      },
    });
    expect(registered.statusCode).toBe(201);

    const after = await pageCsp();
    const origins = ["https://lab.example", "https://login.lab.example:8443", "https://picker.lab.example"];
    expect(directive(after, "frame-src")).toBe(`frame-src 'self' ${origins.join(" ")}`);
    expect(directive(after, "form-action")).toBe(`form-action 'self' ${origins.join(" ")}`);
    // The key's address is fetched by the server, never framed or posted to by a page.
    expect(after).not.toContain("keys.elsewhere.example");
    // Still no framing of the app itself, and api answers keep their policy of nothing.
    expect(directive(after, "frame-ancestors")).toBe("frame-ancestors 'none'");
    const api = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
