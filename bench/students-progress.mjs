// Issue 10's benchmark of a large class: the students-progress list (first page, each order) and
// the course analytics of a course with 5,000 learners × 40 assessments, against a bare server
// answering the same JSON; the analytics one call at a time; the tails at 50 connections against
// the §9 budgets; the CSV export's time and memory. BENCH_DATA_DIR keeps the grown folder between runs.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { atMost } from "./budget.mjs";
import { growCourse } from "./large-course.mjs";
import { compareWithBare, measureTail, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = Number(process.env.BENCH_PORT ?? 3911);
const BARE_PORT = API_PORT + 1;

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "instructor@example.com", password: "Instructor123!" }),
  });
  return { authorization: `Bearer ${(await response.json()).data.token}` };
}

async function compare(title, url, headers, endpoints) {
  const bare = await startBareServer(await (await fetch(url, { headers })).text(), BARE_PORT);
  try {
    console.log(`\n## ${title}`);
    printTable(await compareWithBare(bare.url, endpoints));
  } finally {
    bare.close();
  }
}

/** One request at a time: the median, p95 and slowest of `runs` calls. */
async function timeOneByOne(name, url, headers, runs = 40) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
  console.log(`\n## ${name}: ${runs} runs, median ${at(0.5)} ms, p95 ${at(0.95)} ms, slowest ${at(1)} ms`);
  return Number(at(0.95));
}

/** The §9 tail budgets of a first page at 50 connections: p99 ≤ 25 ms and p99 ≤ 4 × p50. */
async function tailBudgets(name, url, headers) {
  const tail = await measureTail(name, url, headers);
  console.log(`${name}: ${tail.rps.toFixed(0)} req/s, p50 ${tail.p50} ms, p99 ${tail.p99} ms, max ${tail.max} ms`);
  // No request answered within the run: the budget is not met, whatever autocannon's empty figures say.
  const answered = tail.rps > 0;
  atMost(`${name} p99 at 50 connections`, answered ? tail.p99 : Number.POSITIVE_INFINITY, 25, " ms");
  atMost(`${name} p99/p50 at 50 connections`, answered ? tail.ratio : Number.POSITIVE_INFINITY, 4);
}

/** A seeded data folder with the large class grown into it, or the one BENCH_DATA_DIR already holds. */
async function largeClassFolder() {
  const reuse = process.env.BENCH_DATA_DIR;
  const file = reuse && path.join(reuse, "lms.db");
  if (file && existsSync(file)) {
    const db = new Database(file, { readonly: true });
    const course = db.prepare("select id from courses where course_code = 'BENCH-LARGE'").get();
    db.close();
    if (course) return { dataDir: reuse, courseId: course.id };
  }
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true", ...(reuse && { DATA_DIR: reuse }) } });
  await seeded.stop();
  console.log("\nadding a course with 5,000 learners x 40 assessments ...");
  const courseId = growCourse(path.join(seeded.dataDir, "lms.db"));
  console.log(`data folder: ${seeded.dataDir} (BENCH_DATA_DIR reuses it)`);
  return { dataDir: seeded.dataDir, courseId };
}

/** Downloads the whole export, sampling the server's resident memory while it streams. */
async function measureExport(server, url, headers) {
  const before = rssKb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(server.pid));
  }, 10);
  const started = performance.now();
  const body = await (await fetch(url, { headers })).text();
  const ms = performance.now() - started;
  clearInterval(sampler);
  console.log(
    `\n## CSV export: ${body.trim().split("\n").length - 1} learners, ${(body.length / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms; server RSS ${(before / 1024).toFixed(0)} MB -> peak ${(peak / 1024).toFixed(0)} MB`,
  );
}

export async function benchLargeClass() {
  const { dataDir, courseId } = await largeClassFolder();
  const server = await startServer({ port: API_PORT, env: { DATA_DIR: dataDir, READ_CACHE_SECONDS: "0" } });
  try {
    const headers = await signIn(server.base);
    const course = `${server.base}/api/instructor/courses/${courseId}`;
    const list = `${course}/students/progress`;
    await compare("5,000 learners x 40 assessments: students progress, first page of 20", list, headers, [
      ["GET .../students/progress (by name)", list, headers],
      ["GET .../students/progress?sort=progress", `${list}?sort=progress&order=desc`, headers],
      ["GET .../students/progress?sort=lastActivity", `${list}?sort=lastActivity&order=desc`, headers],
      ["GET .../students/progress?search=learner 12", `${list}?search=learner%2012`, headers],
      ["GET .../students/progress?sort=grade", `${list}?sort=grade&order=desc`, headers],
    ]);
    const analyticsP95 = await timeOneByOne(
      "GET .../analytics (one request at a time)",
      `${course}/analytics`,
      headers,
    );
    atMost("course analytics p95 (5,000 learners)", analyticsP95, 25, " ms");
    await tailBudgets("course analytics (5,000 learners)", `${course}/analytics`, headers);
    for (const [name, query] of [
      ["by name", ""],
      ["by progress", "?sort=progress&order=desc"],
      ["by last activity", "?sort=lastActivity&order=desc"],
      ["by grade", "?sort=grade&order=desc"],
      ["search", "?search=learner%2012"],
    ]) {
      await tailBudgets(`students progress ${name} (5,000 learners)`, `${list}${query}`, headers);
    }
    await measureExport(server, `${list}/export`, headers);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLargeClass();
