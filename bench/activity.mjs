// The activity log at 1M entries (issue 12): a learner's list, a filtered page, stats and the admin
// log at 50 connections against a bare server answering the same JSON, alone and while another
// process writes 1,000 entries a second; then the CSV export of all 1M with time and peak memory.
// Then each list's tail at 50 connections against the budget of §9 (p99 at most 25 ms, p99/p50 at
// most 4). `node bench/activity.mjs` runs it alone (after a build); BENCH_ACTIVITY_ENTRIES scales it
// down; BENCH_ACTIVITY_DIR keeps the grown data folder and reuses it on the next run (seeding takes minutes).
import { fork } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { seedActivities } from "./activity-data.mjs";
import { atMost } from "./budget.mjs";
import { measureExport } from "./gradebook.mjs";
import { compareWithBare, measureTail, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = 3941;
const BARE_PORT = 3942;
const ENTRIES = Number(process.env.BENCH_ACTIVITY_ENTRIES ?? 1_000_000);
const WRITES_PER_SECOND = 1000;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function signIn(base, email, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return { authorization: `Bearer ${(await response.json()).data.token}` };
}

function startWriter(file) {
  const child = fork(path.join(import.meta.dirname, "activity-writer.mjs"), [file, String(WRITES_PER_SECOND)]);
  return new Promise((resolve) =>
    child.once("message", () =>
      resolve({
        stop: () =>
          new Promise((done) => {
            child.once("message", (message) => done(message.written));
            child.kill("SIGTERM");
          }),
      }),
    ),
  );
}

/** The demo data with ENTRIES activity entries: grown in BENCH_ACTIVITY_DIR (kept), or reused from it. */
async function grownDataDir() {
  const reuse = process.env.BENCH_ACTIVITY_DIR;
  if (reuse && existsSync(path.join(reuse, "lms.db"))) {
    console.log(`\nreusing the activity data in ${reuse}`);
    return reuse;
  }
  if (reuse) mkdirSync(reuse, { recursive: true });
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true", ...(reuse && { DATA_DIR: reuse }) } });
  await seeded.stop();
  console.log(`\nseeding ${ENTRIES.toLocaleString("en")} activity entries in ${seeded.dataDir} ...`);
  const started = performance.now();
  seedActivities(path.join(seeded.dataDir, "lms.db"), { entries: ENTRIES });
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return seeded.dataDir;
}

/** Each activity list alone at 50 connections: p50, p99, max and p99/p50, against the budgets of §9. */
async function measureTails(lists) {
  const entries = `${(ENTRIES / 1_000_000).toLocaleString("en")}M entries`;
  console.log(`\n## activity lists at ${entries}: tails at 50 connections`);
  const rows = [];
  for (const [name, url, headers] of lists) rows.push(await measureTail(name, url, headers));
  console.log("list".padEnd(44), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8), "max ms".padStart(8));
  for (const r of rows)
    console.log(
      r.name.padEnd(44),
      r.rps.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.max).padStart(8),
    );
  for (const r of rows) {
    atMost(`${r.name} p99 (${entries})`, r.p99, 25, " ms");
    atMost(`${r.name} p99/p50 (${entries})`, r.ratio, 4);
  }
}

export async function benchActivity() {
  const dataDir = await grownDataDir();
  const file = path.join(dataDir, "lms.db");
  const server = await startServer({ port: API_PORT, env: { DATA_DIR: dataDir, READ_CACHE_SECONDS: "0" } });
  try {
    const learner = await signIn(server.base, "learner@example.com", "Learner123!");
    const instructor = await signIn(server.base, "instructor@example.com", "Instructor123!");
    const admin = await signIn(server.base, "admin@example.com", "Admin123!");
    const api = `${server.base}/api`;
    await measureTails([
      ["learner's own activity", `${api}/activities/my-activities`, learner],
      [
        "learner's own activity, type and dates",
        `${api}/activities/my-activities?type=course_view&startDate=2000-01-01&endDate=2100-01-01`,
        learner,
      ],
      ["learner's own activity, page 50", `${api}/activities/my-activities?page=50`, learner],
      ["instructor's own activity", `${api}/activities/my-activities`, instructor],
      ["admin activity log", `${api}/admin/activity-logs`, admin],
      ["admin activity log, type=login", `${api}/admin/activity-logs?type=login`, admin],
      ["admin activity log, role=learner page 3", `${api}/admin/activity-logs?role=learner&page=3`, admin],
      ["admin activity log, role=instructor", `${api}/admin/activity-logs?role=instructor`, admin],
      ["recent activity (admin dashboard)", `${api}/admin/activity/recent`, admin],
    ]);
    if (process.env.BENCH_ACTIVITY_TAILS_ONLY) return;
    const endpoints = [
      ["GET my-activities (first page)", `${api}/activities/my-activities`, learner],
      [
        "GET my-activities?type=course_view&dates",
        `${api}/activities/my-activities?type=course_view&startDate=2000-01-01&endDate=2100-01-01`,
        learner,
      ],
      ["GET my-activities?page=50", `${api}/activities/my-activities?page=50`, learner],
      ["GET stats (own, 30 days)", `${api}/activities/stats`, learner],
      [
        "GET stats (everyone, 366 days)",
        `${api}/activities/stats?startDate=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}`,
        admin,
      ],
      ["GET admin/activity-logs (first page)", `${api}/admin/activity-logs`, admin],
      ["GET admin/activity-logs?type=login", `${api}/admin/activity-logs?type=login`, admin],
      ["GET admin/activity-logs?role=learner&page=3", `${api}/admin/activity-logs?role=learner&page=3`, admin],
    ];
    const bare = await startBareServer(await (await fetch(endpoints[0][1], { headers: learner })).text(), BARE_PORT);
    try {
      console.log(`\n## activity log at ${ENTRIES.toLocaleString("en")} entries, read caches off`);
      printTable(await compareWithBare(bare.url, endpoints));
      const writer = await startWriter(file);
      const writing = performance.now();
      const rows = await compareWithBare(bare.url, endpoints);
      const written = await writer.stop();
      const rate = written / ((performance.now() - writing) / 1000);
      console.log(`\n## the same while ${rate.toFixed(0)} entries a second are written (${written} in all)`);
      printTable(rows);
    } finally {
      bare.close();
    }
    const csv = await measureExport(`${api}/activities/export?format=csv`, admin, server.pid);
    console.log(
      `\nCSV export: ${(csv.lines - 1).toLocaleString("en")} entries, ${mb(csv.bytes)} in ${csv.seconds.toFixed(1)} s; ` +
        `server memory ${mb(csv.before)} before, peak ${mb(csv.peak)} (+${mb(csv.peak - csv.before)})`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchActivity();
