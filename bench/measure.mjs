// One autocannon run; answers requests/s and latency percentiles.
import { createServer } from "node:http";
import autocannon from "autocannon";

export const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const WARM_UP_SECONDS = 5;

/** Warms the server up (JIT, caches) for a moment, then measures for DURATION_SECONDS. */
export async function measure(name, url, headers = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0)
    throw new Error(`${name}: ${failures} failed requests (non-2xx ${result.non2xx}, errors ${result.errors})`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** A bare Node http server answering a fixed body from memory: the ceiling to compare against. */
export function startBareServer(body, port) {
  const payload = Buffer.from(body);
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": payload.length });
    res.end(payload);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export function printTable(rows, baseline) {
  console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
  console.log(
    "endpoint".padEnd(44),
    "req/s".padStart(9),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "vs bare".padStart(8),
  );
  for (const r of rows) {
    const ratio = baseline ? `${Math.round((r.rps / baseline.rps) * 100)}%` : "";
    console.log(
      r.name.padEnd(44),
      r.rps.toFixed(0).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      ratio.padStart(8),
    );
  }
}
