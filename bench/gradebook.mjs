// The gradebook of a course with 5,000 learners × 40 assessments (issue 10): the first page at 50
// connections against a bare server answering the same JSON, and the full CSV export's time and
// the server's peak memory while it streams. `node bench/gradebook.mjs` runs it alone (after a build).
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { atLeast, atMost } from "./budget.mjs";
import { seedGradebookCourse } from "./gradebook-data.mjs";
import { compareWithBare, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = Number(process.env.BENCH_PORT ?? 3911);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3912);

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Reads the whole CSV as it streams, sampling the server's resident memory every 5 ms. */
export async function measureExport(url, headers, pid) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 5);
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, bytes, lines, before, peak };
}

export async function benchGradebook() {
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true" } });
  await seeded.stop();
  console.log("\nseeding a course with 5,000 learners × 40 assessments ...");
  const courseId = seedGradebookCourse(path.join(seeded.dataDir, "lms.db"));
  const server = await startServer({ port: API_PORT, env: { DATA_DIR: seeded.dataDir, READ_CACHE_SECONDS: "0" } });
  try {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "instructor@example.com", password: "Instructor123!" }),
    });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    const firstPage = `${server.base}/api/courses/${courseId}/gradebook`;
    const body = await (await fetch(firstPage, { headers })).text();
    const bare = await startBareServer(body, BARE_PORT);
    try {
      const rows = await compareWithBare(bare.url, [
        ["GET /api/courses/{id}/gradebook (25 × 40)", firstPage, headers],
        ["GET .../gradebook?search=Learner 4999", `${firstPage}?search=Learner%204999`, headers],
      ]);
      console.log("\n## gradebook: 5,000 learners × 40 assessments, read caches off");
      printTable(rows);
      for (const row of rows.slice(1)) {
        atLeast(`${row.name}: share of bare`, row.ratio * 100, 25, " %");
        atMost(`${row.name}: p99`, row.p99, 25, " ms");
      }
    } finally {
      bare.close();
    }
    const csv = await measureExport(`${firstPage}.csv`, headers, server.pid);
    console.log(
      `\nCSV export: ${csv.lines - 1} learners, ${mb(csv.bytes)} in ${csv.seconds.toFixed(2)} s; ` +
        `server memory ${mb(csv.before)} before, peak ${mb(csv.peak)} (+${mb(csv.peak - csv.before)})`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchGradebook();
