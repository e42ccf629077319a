// `npm run bench:load` (issue 13): simulated learners doing a day's work (load-learners.mjs) against
// the api on 100k users and 10k courses: on SQLite with one process; with BENCH_DATABASE_URL (a
// PostgreSQL database the bench may empty) also on PostgreSQL with one process and with WORKERS=2
// (and a Redis of its own). Options: --duration <s> (60), --learners <n> (1000), --only
// sqlite|postgres|workers. Reports requests/s, p50/p99 per endpoint, errors, the read caches' hit
// ratio, server CPU per request and RSS at start and end, with the machine's load average.
import { parseArgs } from "node:util";
import { createClient, runLearners } from "./load-learners.mjs";
import { createRecorder, loadAverage, printEndpoints, processStats } from "./load-recorder.mjs";
import { startBenchServer, startRedis } from "./load-setup.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3963);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    learners: { type: "string", default: "1000" },
    only: { type: "string" },
  },
});
const durationMs = Number(values.duration) * 1000;
const learners = Number(values.learners);

async function runOnce(label, { databaseUrl, workers = 1 }) {
  const redis = workers > 1 ? await startRedis(PORT + 50) : undefined;
  const { server, courseIds, assessmentId } = await startBenchServer({
    port: PORT,
    databaseUrl,
    learners,
    workers,
    redisUrl: redis?.url,
  });
  try {
    const recorder = createRecorder();
    const call = createClient(server.base, recorder, CONNECTIONS);
    const before = processStats(server.pid);
    const loadBefore = loadAverage();
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    await runLearners(call, { learners, durationMs, arrivalMs: durationMs / 2, courseIds, assessmentId });
    const seconds = (performance.now() - started) / 1000;
    const after = processStats(server.pid);
    const client = process.cpuUsage(clientBefore);
    const requests = recorder.requests();
    const failures = recorder.failures();
    const cache = recorder.cacheHitRatio();

    console.log(`\n## ${label}: ${learners} learners over ${values.duration} s`);
    console.log(`load average (1, 5, 15 min) before ${loadBefore}, after ${loadAverage()}`);
    console.log(
      `${requests} requests in ${seconds.toFixed(1)} s = ${(requests / seconds).toFixed(0)} req/s; errors: ${failures.reduce((n, [, c]) => n + c, 0)}`,
    );
    for (const [what, count] of failures) console.log(`  error: ${what} (${count})`);
    console.log(
      `read caches: ${cache.lookups ? ((cache.hits / cache.lookups) * 100).toFixed(1) : "n/a"}% hits of ${cache.lookups} lookups (${cache.processes} process(es))`,
    );
    console.log(
      `server CPU: ${(after.cpu - before.cpu).toFixed(1)} s = ${(((after.cpu - before.cpu) / requests) * 1000).toFixed(2)} ms per request; ` +
        `RSS ${before.rssMb.toFixed(0)} MB at start, ${after.rssMb.toFixed(0)} MB at end (${after.processes} process(es))`,
    );
    console.log(
      `bench client CPU (the simulated learners, same machine): ${((client.user + client.system) / 1e6).toFixed(1)} s`,
    );
    printEndpoints(recorder, seconds);
    return failures.length === 0;
  } finally {
    await server.stop();
    redis?.stop();
  }
}

const runs = [["SQLite, one process", {}]];
const postgres = process.env.BENCH_DATABASE_URL;
if (postgres) {
  runs.push(["PostgreSQL, one process", { databaseUrl: postgres }]);
  runs.push(["PostgreSQL, WORKERS=2 (with Redis)", { databaseUrl: postgres, workers: 2 }]);
} else console.log("BENCH_DATABASE_URL not set: SQLite only");
const chosen = { sqlite: 0, postgres: 1, workers: 2 };
let clean = true;
for (const [i, [label, options]] of runs.entries()) {
  if (values.only && chosen[values.only] !== i) continue;
  clean = (await runOnce(label, options)) && clean;
}
if (!clean) {
  console.error("\nbench:load: some requests failed (see the errors above)");
  process.exitCode = 1;
}
