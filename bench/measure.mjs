// autocannon runs of the api's endpoints, interleaved with runs of a bare Node server (§9).
import { fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 5;

/** A bare Node http server in its own process answering `body` from memory: the ceiling to compare against. */
export async function startBareServer(body, port) {
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), "lms-bare-")), "body.json");
  writeFileSync(bodyFile, body);
  const child = fork(path.join(import.meta.dirname, "bare-server.mjs"), [bodyFile, String(port)]);
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => child.kill() };
}

async function run(name, url, headers, seconds) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0)
    throw new Error(`${name}: ${failures} failed requests (non-2xx ${result.non2xx}, errors ${result.errors})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * One endpoint at CONNECTIONS connections for `seconds`: throughput and the latency tail, with p99 / p50
 * (the starvation ratio of §9: at most 4).
 */
export async function measureTail(name, url, headers = {}, seconds = SECONDS) {
  await run(name, url, headers, WARM_UP_SECONDS);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${name}: ${failures} failed requests`);
  const { p50, p99, max } = result.latency;
  return { name, rps: result.requests.average, p50, p99, max, ratio: p99 / Math.max(p50, 1) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Warms everything up, then runs ROUNDS rounds of bare, then each endpoint, SECONDS each. Each
 * endpoint is compared with the bare run of its own round (the machine's speed drifts between
 * rounds), and the medians are reported.
 */
export async function compareWithBare(bareUrl, endpoints) {
  const all = [["bare node http (same JSON)", bareUrl, {}], ...endpoints];
  for (const [name, url, headers] of all) await run(name, url, headers, WARM_UP_SECONDS);
  const runs = all.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [name, url, headers]] of all.entries()) runs[i].push(await run(name, url, headers, SECONDS));
  }
  return all.map(([name], i) => ({
    name,
    rps: median(runs[i].map((r) => r.rps)),
    p50: median(runs[i].map((r) => r.p50)),
    p99: median(runs[i].map((r) => r.p99)),
    ratio: i === 0 ? null : median(runs[i].map((r, round) => r.rps / runs[0][round].rps)),
  }));
}

export function printTable(rows) {
  console.log(
    `\n${CONNECTIONS} connections; medians of ${ROUNDS} rounds of ${SECONDS} s, bare and endpoints alternating`,
  );
  console.log(
    "endpoint".padEnd(44),
    "req/s".padStart(9),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "vs bare".padStart(8),
  );
  for (const r of rows) {
    const ratio = r.ratio === null ? "" : `${Math.round(r.ratio * 100)}%`;
    console.log(
      r.name.padEnd(44),
      r.rps.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      ratio.padStart(8),
    );
  }
}
