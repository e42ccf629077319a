// Issue 10's benchmark of a large class: the students-progress list (first page, each order) and
// the course analytics of a course with 5,000 learners × 40 assessments, against a bare server
// answering the same JSON; the analytics one call at a time; the CSV export's time and memory.
import { readFileSync } from "node:fs";
import path from "node:path";
import { growCourse } from "./large-course.mjs";
import { compareWithBare, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = 3911;
const BARE_PORT = 3912;

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

/** The analytics aggregate the whole course per call: timed one request at a time, not under 50 connections. */
async function timeOneByOne(name, url, headers, runs = 10) {
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
  console.log(`\n## ${name}: ${runs} runs, median ${at(0.5)} ms, slowest ${at(1)} ms`);
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
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true" } });
  await seeded.stop();
  console.log("\nadding a course with 5,000 learners x 40 assessments ...");
  const courseId = growCourse(path.join(seeded.dataDir, "lms.db"));
  const server = await startServer({ port: API_PORT, env: { DATA_DIR: seeded.dataDir, READ_CACHE_SECONDS: "0" } });
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
    await timeOneByOne("GET .../analytics (one request at a time)", `${course}/analytics`, headers);
    await measureExport(server, `${list}/export`, headers);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLargeClass();
