// First load (ARCHITECTURE §9): the JavaScript a browser fetches to show `/` and `/login`, gzipped.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";

const BUDGET_KB = 150;

export async function measureFirstLoad(base, paths = ["/", "/login"]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const rows = [];
    for (const pathname of paths) {
      const page = await browser.newPage();
      const scripts = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts.push(response.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(`${base}${pathname}`, { waitUntil: "networkidle" });
      // A prerendered page is on screen before React runs it: wait until it does (app/InteractiveMark.tsx).
      await page.waitForSelector("html[data-interactive]", { state: "attached" });
      await page.waitForLoadState("networkidle");
      const bodies = await Promise.all(scripts);
      const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      rows.push({ pathname, files: bodies.length, kb: gzipped / 1024 });
      await page.close();
    }
    console.log(`\n## First load: JavaScript fetched, gzipped (budget ${BUDGET_KB} KB)`);
    for (const r of rows)
      console.log(`${r.pathname.padEnd(10)} ${String(r.files).padStart(3)} files ${r.kb.toFixed(1).padStart(7)} KB`);
  } finally {
    await browser.close();
  }
}
