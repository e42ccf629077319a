// `npm run bench:soak` (issue 13): simulated learners (load-learners.mjs) at a steady rate for 10
// minutes against one api process on the bench data, sampling the server's RSS every 5 s, then
// a least-squares slope of the RSS over the second half of the run (the first half lets the heap
// reach its working size: on the first run it rose from 154 to ~200 MB within 3 minutes, with
// collections dipping to 166 MB on the way) and whether memory grows. Options:
// --duration <s> (600), --learners <n> (300), --postgres (BENCH_DATABASE_URL instead of SQLite).
import { parseArgs } from "node:util";
import { createClient, runLearners } from "./load-learners.mjs";
import { createRecorder, loadAverage, printEndpoints, processStats } from "./load-recorder.mjs";
import { startBenchServer } from "./load-setup.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3963);
const SAMPLE_EVERY_MS = 5000;
/** Growth the fitted line may show over the measured window before the soak calls it growth. */
const GROWTH_LIMIT = 0.05;

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "600" },
    learners: { type: "string", default: "300" },
    postgres: { type: "boolean", default: false },
  },
});
const durationMs = Number(values.duration) * 1000;
const learners = Number(values.learners);
const databaseUrl = values.postgres ? process.env.BENCH_DATABASE_URL : undefined;
if (values.postgres && !databaseUrl) throw new Error("--postgres needs BENCH_DATABASE_URL");

/** Least squares: MB per minute. */
function slope(samples) {
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.minute, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMb, 0) / n;
  const num = samples.reduce((s, p) => s + (p.minute - mx) * (p.rssMb - my), 0);
  const den = samples.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const { server, courseIds, assessmentId } = await startBenchServer({ port: PORT, databaseUrl, learners });
try {
  const recorder = createRecorder();
  const call = createClient(server.base, recorder, 200);
  const samples = [];
  const started = performance.now();
  const sample = () => {
    const { rssMb } = processStats(server.pid);
    samples.push({ minute: (performance.now() - started) / 60_000, rssMb, load: loadAverage() });
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  // Everyone signs in during the first 30 s, then the rate is steady.
  await runLearners(call, {
    learners,
    durationMs,
    arrivalMs: Math.min(30_000, durationMs / 4),
    courseIds,
    assessmentId,
  });
  clearInterval(sampler);
  sample();
  const seconds = (performance.now() - started) / 1000;
  const measured = samples.filter((s) => s.minute * 60_000 >= durationMs / 2);
  const perMinute = slope(measured);
  const first = measured[0].rssMb;
  // Growth at the second half's rate over the whole run.
  const grows = perMinute * (durationMs / 60_000) > first * GROWTH_LIMIT;
  const failures = recorder.failures();

  console.log(
    `\n## soak: ${learners} learners for ${values.duration} s on ${databaseUrl ? "PostgreSQL" : "SQLite"}, one process`,
  );
  console.log(`load average at the start ${samples[0].load}, at the end ${samples.at(-1).load}`);
  console.log(
    `${recorder.requests()} requests = ${(recorder.requests() / seconds).toFixed(0)} req/s; errors: ${failures.reduce((n, [, c]) => n + c, 0)}`,
  );
  for (const [what, count] of failures) console.log(`  error: ${what} (${count})`);
  console.log(
    `RSS: ${samples[0].rssMb.toFixed(0)} MB before the load, ${first.toFixed(0)} MB at half time, ` +
      `${samples.at(-1).rssMb.toFixed(0)} MB at the end, max ${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)} MB`,
  );
  console.log(
    `fitted slope over the second half: ${perMinute.toFixed(2)} MB/min ` +
      `(${grows ? "GROWS" : "flat"}: limit ${GROWTH_LIMIT * 100}% of ${first.toFixed(0)} MB over the whole run at that rate)`,
  );
  console.log(
    `RSS samples (MB, every ${SAMPLE_EVERY_MS / 1000} s): ${samples.map((s) => s.rssMb.toFixed(0)).join(" ")}`,
  );
  printEndpoints(recorder, seconds);
  if (failures.length || grows) process.exitCode = 1;
} finally {
  await server.stop();
}
