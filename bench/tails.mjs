// `npm run bench:tails`: every per-reader list at 50 connections, its p50, p99 and max and
// the starvation ratio p99 / p50, each against the budgets of ARCHITECTURE §9 (ratio at most 4,
// p99 at most 25 ms). The data: 100k users, 10k courses, 1M activity entries, a gradebook course
// of 5,000 learners × 40 assessments, a students-progress course of the same size and a forum of
// 2,000 threads. Growing it takes minutes: BENCH_DATA_DIR keeps the folder and reuses it next time.
// BENCH_TAILS_ONLY=activity,students measures only the lists whose names hold one of those words.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { growHistory } from "./admin-history-data.mjs";
import { atMost } from "./budget.mjs";
import { seedForumCourse } from "./forum-data.mjs";
import { seedGradebookCourse } from "./gradebook-data.mjs";
import { growCourse } from "./large-course.mjs";
import { growDatabase } from "./large-data.mjs";
import { CONNECTIONS, measureTail } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = Number(process.env.BENCH_PORT ?? 3915);
const GROWN = "tails-data.json";
const RATIO_BUDGET = 4;
const P99_BUDGET_MS = 25;

async function signIn(base, email, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return { authorization: `Bearer ${(await response.json()).data.token}` };
}

/** A seeded data folder grown to the sizes above, or the one BENCH_DATA_DIR grew before. */
async function grownData() {
  const reuse = process.env.BENCH_DATA_DIR;
  if (reuse && existsSync(path.join(reuse, GROWN))) {
    console.log(`reusing the data grown in ${reuse}`);
    return { dataDir: reuse, ...JSON.parse(readFileSync(path.join(reuse, GROWN), "utf8")) };
  }
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true", ...(reuse && { DATA_DIR: reuse }) } });
  await seeded.stop();
  const file = path.join(seeded.dataDir, "lms.db");
  const started = performance.now();
  console.log("\ngrowing the data: 100k users, 10k courses, 1M activity entries, two 5,000 × 40 courses, a forum ...");
  growDatabase(file);
  growHistory(file);
  const ids = {
    gradebookCourseId: seedGradebookCourse(file),
    progressCourseId: growCourse(file),
    forumCourseId: seedForumCourse(file).courseId,
  };
  writeFileSync(path.join(seeded.dataDir, GROWN), JSON.stringify(ids));
  console.log(
    `grown in ${((performance.now() - started) / 1000).toFixed(0)} s: ${seeded.dataDir} (BENCH_DATA_DIR reuses it)`,
  );
  return { dataDir: seeded.dataDir, ...ids };
}

/** The per-reader lists: [name, url, headers]. */
async function lists(base, { gradebookCourseId, progressCourseId, forumCourseId }) {
  const instructor = await signIn(base, "instructor@example.com", "Instructor123!");
  const admin = await signIn(base, "admin@example.com", "Admin123!");
  const learner = await signIn(base, "learner@example.com", "Learner123!");
  const forumLearner = await signIn(base, "forum-0@example.test", "Learner123!");
  const api = `${base}/api`;
  const enrolled = await (await fetch(`${api}/users/enrolled-courses`, { headers: learner })).json();
  const gradebook = `${api}/courses/${gradebookCourseId}/gradebook`;
  return [
    ["gradebook first page (25 × 40)", gradebook, instructor],
    ["gradebook search", `${gradebook}?search=Learner%204999`, instructor],
    ["gradebook page 100", `${gradebook}?page=100`, instructor],
    ["students progress first page", `${api}/instructor/courses/${progressCourseId}/students/progress`, instructor],
    ["admin activity-logs first page", `${api}/admin/activity-logs`, admin],
    ["admin activity-logs ?type=login", `${api}/admin/activity-logs?type=login`, admin],
    ["admin activity-logs ?role=learner&page=3", `${api}/admin/activity-logs?role=learner&page=3`, admin],
    ["admin users first page", `${api}/admin/users`, admin],
    ["admin users search, common (learner)", `${api}/admin/users?search=learner`, admin],
    ["admin users search, rare (learner 4999)", `${api}/admin/users?search=learner%204999`, admin],
    ["learner enrolled courses", `${api}/users/enrolled-courses`, learner],
    ["learner course detail", `${api}/courses/${enrolled.data.courses[0]._id}/detail`, learner],
    ["forum thread list", `${api}/courses/${forumCourseId}/discussions`, forumLearner],
  ];
}

const ms = (value) => String(value).padStart(8);

/** BENCH_TAILS_ONLY: a comma-separated list of words; only the lists whose name holds one are measured. */
const chosen = (name) => {
  const words = process.env.BENCH_TAILS_ONLY?.split(",").filter(Boolean);
  return !words?.length || words.some((word) => name.includes(word));
};

export async function benchTails() {
  const data = await grownData();
  const server = await startServer({ port: API_PORT, env: { DATA_DIR: data.dataDir, READ_CACHE_SECONDS: "0" } });
  try {
    const measured = [];
    for (const [name, url, headers] of await lists(server.base, data)) {
      if (chosen(name)) measured.push(await measureTail(name, url, headers));
    }
    console.log(
      `\n## tails: ${CONNECTIONS} connections, read caches off (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")})`,
    );
    console.log("list".padEnd(44), "req/s".padStart(8), "p50 ms", "  p99 ms", "  max ms", " p99/p50");
    for (const r of measured) {
      console.log(
        r.name.padEnd(44),
        r.rps.toFixed(0).padStart(8),
        ms(r.p50).slice(2),
        ms(r.p99),
        ms(r.max),
        r.ratio.toFixed(1).padStart(8),
      );
    }
    console.log();
    for (const r of measured) {
      atMost(`${r.name}: p99/p50 at ${CONNECTIONS} connections`, r.ratio, RATIO_BUDGET);
      atMost(`${r.name}: p99 at ${CONNECTIONS} connections`, r.p99, P99_BUDGET_MS, " ms");
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchTails();
