// Lighthouse (its default mobile preset) on the public pages, with Debian's Chromium (ARCHITECTURE §9:
// performance at least 95 in five runs out of five, accessibility 100): each page RUNS times, every run
// printed, the lowest score checked against the budget. Part of `npm run bench`; alone,
// `npm run bench:lighthouse` (a fresh server with the demo data on BENCH_LIGHTHOUSE_PORT, default 3903)
// or `node bench/lighthouse.mjs http://127.0.0.1:3000`.
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { atLeast } from "./budget.mjs";
import { startServer } from "./server.mjs";

const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const LIGHTHOUSE_PATHS = ["/", "/login", "/courses"];
const BUDGET = { performance: 95, accessibility: 100 };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3903);

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
    for (let run = 1; run <= RUNS; run++) {
      for (const pathname of paths) rows.push({ run, ...(await audit(chrome, `${base}${pathname}`, pathname)) });
    }
  } finally {
    await chrome.kill();
  }
  printRuns(rows);
  for (const pathname of paths) {
    const runs = rows.filter((r) => r.pathname === pathname);
    const lowest = (category) => Math.min(...runs.map((r) => r[category]));
    atLeast(`Lighthouse mobile performance ${pathname} (min of ${RUNS})`, lowest("performance"), BUDGET.performance);
    atLeast(
      `Lighthouse mobile accessibility ${pathname} (min of ${RUNS})`,
      lowest("accessibility"),
      BUDGET.accessibility,
    );
  }
  return rows;
}

const ATTEMPTS = 3;

/** One Lighthouse run of a page; a run whose trace failed to record (NO_NAVSTART on a busy machine) is run again. */
async function audit(chrome, url, pathname) {
  let result;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result.lhr.runtimeError) break;
    console.log(`Lighthouse on ${pathname}, attempt ${attempt}: ${result.lhr.runtimeError.code}`);
  }
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${pathname}: ${result.lhr.runtimeError.message}`);
  return {
    pathname,
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    audits,
  };
}

/** The run's longest main-thread task (simulated, as TBT counts it) and what it ran, e.g. "212 ms react-….js". */
function longestTask(audits) {
  const task = audits["long-tasks"]?.details?.items?.[0];
  if (!task) return "none";
  const url = String(task.url ?? "");
  const file = url.startsWith("http") ? new URL(url).pathname.split("/").pop() || "(document)" : url;
  return `${Math.round(task.duration)} ms ${file}`;
}

function printRuns(rows) {
  console.log(
    `\n## Lighthouse, mobile preset, ${RUNS} runs a page (budget: performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility})`,
  );
  console.log("run page        perf  a11y       FCP       LCP       TBT    CLS  unused JS  longest task");
  for (const r of rows) {
    const { audits: a } = r;
    const unused = a["unused-javascript"]?.details?.overallSavingsBytes ?? 0;
    console.log(
      `${String(r.run).padStart(3)} ${r.pathname.padEnd(10)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ` +
        `${ms(a["first-contentful-paint"])} ${ms(a["largest-contentful-paint"])} ${ms(a["total-blocking-time"])} ` +
        `${a["cumulative-layout-shift"].numericValue.toFixed(3).padStart(6)} ${(unused / 1024).toFixed(0).padStart(6)} KiB  ${longestTask(a)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2]) await runLighthouse(process.argv[2]);
  else {
    const server = await startServer({ port: PORT, env: { SEED_DEMO: "true" } });
    try {
      await runLighthouse(server.base);
    } finally {
      await server.stop();
    }
  }
}
