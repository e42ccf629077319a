// A course forum at scale and live updates (issue 23): a course of 5,000 learners with 2,000 threads
// and 50,000 replies. The thread list and a 200-reply thread at 50 connections against a bare server
// answering the same JSON (ARCHITECTURE §9: per-reader lists at least 25% of bare, p99 under 25 ms);
// then 2,000 learners hold live streams open and one new thread is announced to the whole course:
// the time until the last stream has it, and the server's memory per open stream.
// `node bench/forum-live.mjs` runs it alone (after a build); BENCH_LIVE_STREAMS changes the count,
// BENCH_LIVE_ONLY=1 skips the lists, and BENCH_REDIS_URL=redis://... runs the live part through Redis.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SignJWT } from "jose";
import { seedForumCourse } from "./forum-data.mjs";
import { compareWithBare, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = 3921;
const BARE_PORT = 3922;
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 2000);
const SECRET = "bench-secret-that-is-long-enough-for-hs256-signing";

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** Access tokens signed with the server's secret, as a sign-in would give (no password hashing for 2,000 users). */
const tokenFor = (key, id, role) =>
  new SignJWT({ role })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(id)
    .setIssuedAt()
    .setExpirationTime("30m")
    .sign(key);

/** Opens one stream with a fresh ticket; calls `onEvent(data)` for each event; answers a closer. */
async function openStream(base, authorization, agent, onEvent) {
  const ticket = await fetch(`${base}/api/live/tickets`, { method: "POST", headers: { authorization } });
  if (!ticket.ok) throw new Error(`ticket answered ${ticket.status}`);
  const url = `${base}/api/live/stream?ticket=${(await ticket.json()).data.ticket}`;
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const data = buffer
            .slice(0, end)
            .split("\n")
            .find((line) => line.startsWith("data: "));
          if (data) onEvent(JSON.parse(data.slice(6)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      });
      resolve(() => request.destroy());
    });
    request.on("error", (error) => {
      if (error.code !== "ECONNRESET") reject(error);
    });
  });
}

async function benchLists(server, courseId, bigThreadId, headers) {
  const list = `${server.base}/api/courses/${courseId}/discussions`;
  const thread = `${list}/${bigThreadId}`;
  const bare = await startBareServer(await (await fetch(list, { headers })).text(), BARE_PORT);
  try {
    const rows = await compareWithBare(bare.url, [
      ["GET /api/courses/{id}/discussions (20 of 2,000)", list, headers],
      ["GET .../discussions?search=part 7", `${list}?search=part%207`, headers],
    ]);
    console.log("\n## forum: 5,000 learners, 2,000 threads, 50,000 replies; read caches off");
    printTable(rows);
  } finally {
    bare.close();
  }
  const bareThread = await startBareServer(await (await fetch(thread, { headers })).text(), BARE_PORT);
  try {
    const rows = await compareWithBare(bareThread.url, [
      ["GET .../discussions/{threadId} (200 replies)", thread, headers],
    ]);
    console.log("\n## forum: one thread with 200 replies");
    printTable(rows);
  } finally {
    bareThread.close();
  }
}

async function benchBroadcast(server, courseId, learnerIds, teacherHeaders, key) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const received = new Map();
  let wanted = null;
  const before = rssOf(server.pid);
  const closers = [];
  for (let i = 0; i < STREAMS; i += 100) {
    const batch = learnerIds.slice(i, Math.min(i + 100, STREAMS));
    closers.push(
      ...(await Promise.all(
        batch.map(async (id) =>
          openStream(server.base, `Bearer ${await tokenFor(key, id, "learner")}`, agent, (event) => {
            if (wanted && event.type === "discussion" && event.threadId === wanted && !received.has(id))
              received.set(id, performance.now());
          }),
        ),
      )),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = rssOf(server.pid);
  const started = performance.now();
  const response = await fetch(`${server.base}/api/courses/${courseId}/discussions`, {
    method: "POST",
    headers: { ...teacherHeaders, "content-type": "application/json" },
    body: JSON.stringify({ title: "An announcement to everyone", body: "<p>Read this</p>" }),
  });
  const posted = performance.now();
  wanted = (await response.json()).data.thread._id;
  // Events that arrived before the id was known are counted when it is.
  while (received.size < STREAMS && performance.now() - started < 60_000) await new Promise((r) => setTimeout(r, 5));
  const delays = [...received.values()].map((at) => at - started);
  for (const close of closers) close();
  const through = process.env.BENCH_REDIS_URL ? "through Redis" : "in one process, no Redis";
  console.log(
    `\n## live (${through}): ${STREAMS} open streams, one new thread announced to the course's 5,000 members`,
  );
  console.log(
    `received by ${received.size} of ${STREAMS}; the post answered in ${(posted - started).toFixed(0)} ms; ` +
      `first ${Math.min(...delays).toFixed(0)} ms, median ${percentile(delays, 50).toFixed(0)} ms, ` +
      `last ${Math.max(...delays).toFixed(0)} ms after the post was sent`,
  );
  console.log(
    `server memory ${mb(before)} before the streams, ${mb(after)} with them: ${kb((after - before) / STREAMS)} per open stream`,
  );
}

export async function benchForumLive() {
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true", JWT_SECRET: SECRET } });
  await seeded.stop();
  console.log("\nseeding a course of 5,000 learners with 2,000 threads and 50,000 replies ...");
  const seedStart = performance.now();
  const forum = seedForumCourse(path.join(seeded.dataDir, "lms.db"));
  console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const server = await startServer({
    port: API_PORT,
    env: {
      DATA_DIR: seeded.dataDir,
      READ_CACHE_SECONDS: "0",
      JWT_SECRET: SECRET,
      ...(process.env.BENCH_REDIS_URL && { REDIS_URL: process.env.BENCH_REDIS_URL }),
    },
  });
  try {
    const key = new TextEncoder().encode(SECRET);
    const learner = { authorization: `Bearer ${await tokenFor(key, forum.userIds[0], "learner")}` };
    const teacher = { authorization: `Bearer ${await tokenFor(key, forum.instructorId, "instructor")}` };
    if (!process.env.BENCH_LIVE_ONLY) await benchLists(server, forum.courseId, forum.bigThreadId, learner);
    await benchBroadcast(server, forum.courseId, forum.userIds, teacher, key);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchForumLive();
