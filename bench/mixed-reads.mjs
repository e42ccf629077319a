// Reads under mixed writes (ARCHITECTURE §9): catalogue pages and a learner's course detail
// at 10k courses, alone and while learners report progress 60 times a second through the api, each at
// 50 connections (p50, p99, max). Part of `npm run bench` on the grown data; alone:
// `BENCH_DATA_DIR=<grown folder> node bench/mixed-reads.mjs` after `npm run build` (BENCH_PORT, default 3903).
import { existsSync } from "node:fs";
import path from "node:path";
import { atMost } from "./budget.mjs";
import { api } from "./load-setup.mjs";
import { measureTail } from "./measure.mjs";
import { startServer } from "./server.mjs";

const WRITES_PER_SECOND = 60;
const WRITERS = 6;

const signIn = async (base, email, password) =>
  (await api(base, "POST", "/auth/login", null, { email, password })).token;

/** The demo learner's first course, and grown learners enrolled in it who report progress on its files. */
export async function prepare(base) {
  const reader = await signIn(base, "learner@example.com", "Learner123!");
  const courseId = (await api(base, "GET", "/users/enrolled-courses", reader)).courses[0]._id;
  const { course } = await api(base, "GET", `/courses/${courseId}/detail`, reader);
  const files = course.modules.flatMap((m) =>
    m.lessons.flatMap((l) => l.files.map((f) => ({ lessonId: l._id, fileId: f._id }))),
  );
  if (files.length === 0) throw new Error("the demo learner's first course has no files to report progress on");
  const writers = [];
  for (let i = 0; i < WRITERS; i++) {
    // The grown data's learners are copies of the demo learner, password included (large-data.mjs).
    const token = await signIn(base, `bench-${i}@example.test`, "Learner123!");
    const enrolled = (await api(base, "GET", "/users/enrolled-courses", token)).courses;
    if (!enrolled.some((c) => c._id === courseId)) await api(base, "POST", `/courses/${courseId}/enroll`, token, {});
    writers.push(token);
  }
  return { reader, courseId, files, writers };
}

/** Reports progress WRITES_PER_SECOND times a second, spread over the writers and files, until stopped. */
export function startWrites(base, { courseId, files, writers }) {
  let sent = 0;
  let failed = 0;
  const timer = setInterval(() => {
    for (let i = 0; i < WRITES_PER_SECOND / 10; i++, sent++) {
      const { lessonId, fileId } = files[sent % files.length];
      const token = writers[sent % writers.length];
      api(base, "POST", `/courses/${courseId}/lessons/${lessonId}/progress`, token, {
        fileId,
        position: sent % 600,
        duration: 600,
      }).catch(() => failed++);
    }
  }, 100);
  return () => {
    clearInterval(timer);
    return { sent, failed };
  };
}

const row = (label, t) =>
  `${label.padEnd(48)} ${t.rps.toFixed(0).padStart(7)} ${String(t.p50).padStart(6)} ${String(t.p99).padStart(6)} ${String(t.max).padStart(6)}`;

/** Measures the reads alone, then beside the writes, on `dataDir` (grown to 10k courses before). */
export async function benchMixedReads({ dataDir, port }) {
  const server = await startServer({
    port,
    env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: "1000000", BACKUP_SCHEDULE: "false", OUTBOX_POLL_MS: "0" },
  });
  try {
    const setup = await prepare(server.base);
    const auth = { authorization: `Bearer ${setup.reader}` };
    const reads = [
      ["GET /api/courses (catalogue)", `${server.base}/api/courses`, {}],
      ["GET /api/courses?page=400&limit=20", `${server.base}/api/courses?page=400&limit=20`, {}],
      ["GET /api/courses/{id}/detail (learner)", `${server.base}/api/courses/${setup.courseId}/detail`, auth],
    ];
    console.log(`\n## Reads at 10k courses, alone and while learners report progress ${WRITES_PER_SECOND}/s`);
    console.log(
      `${"endpoint".padEnd(48)} ${"req/s".padStart(7)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"max".padStart(6)}`,
    );
    let worst = 0;
    for (const [name, url, headers] of reads) {
      console.log(row(`${name}, alone`, await measureTail(name, url, headers)));
      const stop = startWrites(server.base, setup);
      const mixed = await measureTail(name, url, headers);
      const { sent, failed } = stop();
      console.log(row(`${name}, beside writes`, mixed), `(${sent} writes, ${failed} failed)`);
      worst = Math.max(worst, mixed.p99);
    }
    atMost("reads under mixed writes p99", worst, 25, " ms");
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir || !existsSync(path.join(dataDir, "lms.db")))
    throw new Error("BENCH_DATA_DIR must name a data folder grown by bench/catalogue-detail.mjs");
  await benchMixedReads({ dataDir, port: Number(process.env.BENCH_PORT ?? 3903) });
}
