import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";

// The web build as apps/web's build leaves it: index.html, prerendered public pages (here only two of the
// three), hashed assets with their brotli and gzip copies.
const webDist = mkdtempSync(path.join(tmpdir(), "lms-web-"));
const page = (name: string) => `<!doctype html><title>${name}</title><div id="root" data-prerendered>${name}</div>`;
const asset = "console.log('the entry chunk');".repeat(50);

function write(file: string, body: string, compressed = false) {
  mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  writeFileSync(path.join(webDist, file), body);
  if (!compressed) return;
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(body));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(body));
}

let t: TestContext;
beforeAll(async () => {
  write("index.html", '<!doctype html><title>LMS</title><div id="root"></div>', true);
  write("prerendered/home.html", page("home"), true);
  write("prerendered/login.html", page("login"));
  write("assets/index-abc123.js", asset, true);
  write("theme-init.js", "document.documentElement.classList.add('light');");
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("serving the web build", () => {
  it("sends the prerendered page for /, /login (with or without a query) and the plain shell elsewhere", async () => {
    expect((await get("/")).body).toBe(page("home"));
    expect((await get("/login")).body).toBe(page("login"));
    expect((await get("/login?redirect=%2Fdashboard")).body).toBe(page("login"));
    expect((await get("/?ref=mail")).body).toBe(page("home"));
    for (const url of ["/courses", "/dashboard", "/login/extra", "/courses/abc"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it("sends the build's brotli or gzip copy to a client that accepts it, and the file itself otherwise", async () => {
    const url = "/assets/index-abc123.js";
    const brotli = await get(url, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toContain("javascript");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(asset);
    const gzip = await get(url, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(asset);
    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(asset);
  });

  it("compresses pages too, and keeps each file's caching: a year for hashed assets, revalidation for the rest", async () => {
    const home = await get("/", "br");
    expect(home.headers["content-encoding"]).toBe("br");
    expect(home.headers["content-type"]).toContain("text/html");
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(home.rawPayload).toString()).toBe(page("home"));
    const login = await get("/login", "br");
    expect(login.headers["content-encoding"]).toBeUndefined();
    expect(login.body).toBe(page("login"));
    expect((await get("/assets/index-abc123.js", "br")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/theme-init.js")).headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing asset with 404 and HEAD of a prerendered page like its GET", async () => {
    expect((await get("/assets/index-gone.js", "br")).statusCode).toBe(404);
    const head = await t.app.inject({ method: "HEAD", url: "/" });
    const full = await get("/");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(head.body).toBe("");
  });
});
