// Lighthouse (its default mobile preset) on the public pages, with Debian's Chromium (ARCHITECTURE §9:
// performance at least 95, accessibility 100). Part of `npm run bench`; alone, `npm run bench:lighthouse`
// (a fresh server with the demo data) or `node bench/lighthouse.mjs http://127.0.0.1:3000`.
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "./server.mjs";

const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const LIGHTHOUSE_PATHS = ["/", "/login", "/courses"];
const BUDGET = { performance: 95, accessibility: 100 };

const ms = (audit) => `${Math.round(audit.numericValue)} ms`.padStart(8);

export async function runLighthouse(base, paths = LIGHTHOUSE_PATHS) {
  if (!existsSync(CHROME_PATH))
    throw new Error(`Lighthouse needs Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows = [];
  try {
    for (const pathname of paths) {
      const result = await lighthouse(`${base}${pathname}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const { categories, audits } = result.lhr;
      if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${pathname}: ${result.lhr.runtimeError.message}`);
      rows.push({
        pathname,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        audits,
      });
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    `\n## Lighthouse, mobile preset (budget: performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility})`,
  );
  console.log("page        perf  a11y       FCP       LCP       TBT    CLS  unused JS");
  for (const r of rows) {
    const { audits: a } = r;
    const unused = a["unused-javascript"]?.details?.overallSavingsBytes ?? 0;
    console.log(
      `${r.pathname.padEnd(10)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ` +
        `${ms(a["first-contentful-paint"])} ${ms(a["largest-contentful-paint"])} ${ms(a["total-blocking-time"])} ` +
        `${a["cumulative-layout-shift"].numericValue.toFixed(3).padStart(6)} ${(unused / 1024).toFixed(0).padStart(6)} KiB`,
    );
  }
  const missed = rows.filter((r) => r.performance < BUDGET.performance || r.accessibility < BUDGET.accessibility);
  if (missed.length > 0) console.log(`below the budget: ${missed.map((r) => r.pathname).join(", ")}`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2]) await runLighthouse(process.argv[2]);
  else {
    const server = await startServer({ port: 3903, env: { SEED_DEMO: "true" } });
    try {
      await runLighthouse(server.base);
    } finally {
      await server.stop();
    }
  }
}
