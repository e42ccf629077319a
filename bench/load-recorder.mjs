// What `bench:load` and `bench:soak` measure: each call's time and status per endpoint, the read-cache
// counters every answer carries (x-read-cache-stats), and the server processes' CPU and memory
// read from /proc (the server and, with WORKERS, its worker processes).
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100;

export function createRecorder() {
  const times = new Map();
  const failures = new Map();
  const cache = new Map();
  return {
    record(endpoint, ms, status, headers) {
      if (!times.has(endpoint)) times.set(endpoint, []);
      times.get(endpoint).push(ms);
      if (status < 200 || status >= 300) {
        const key = `${endpoint} -> ${status}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      const stats = headers?.["x-read-cache-stats"];
      if (stats) {
        const [pid, hits, misses] = String(stats).split(" ").map(Number);
        const seen = cache.get(pid);
        if (!seen) cache.set(pid, { first: { hits, misses }, last: { hits, misses } });
        else if (hits + misses > seen.last.hits + seen.last.misses) seen.last = { hits, misses };
      }
    },
    fail(endpoint, error) {
      const key = `${endpoint} -> ${error.code ?? error.message}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    },
    requests: () => [...times.values()].reduce((n, list) => n + list.length, 0),
    failures: () => [...failures.entries()],
    endpoints: () => [...times.entries()],
    cacheHitRatio() {
      let hits = 0;
      let lookups = 0;
      for (const { first, last } of cache.values()) {
        hits += last.hits - first.hits;
        lookups += last.hits - first.hits + last.misses - first.misses;
      }
      return { hits, lookups, processes: cache.size };
    },
  };
}

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The server process and its children (cluster workers): CPU seconds used so far and RSS in MB. */
export function processStats(pid) {
  const stat = (p) => {
    try {
      const text = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
    } catch {
      return null;
    }
  };
  const rss = (p) => {
    try {
      const line = readFileSync(`/proc/${p}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
      return line ? Number(line[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const pids = [pid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    if (stat(entry)?.ppid === pid) pids.push(Number(entry));
  }
  let cpu = 0;
  let rssMb = 0;
  for (const p of pids) {
    cpu += stat(p)?.cpu ?? 0;
    rssMb += rss(p);
  }
  return { cpu, rssMb, processes: pids.length };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

export function printEndpoints(recorder, seconds) {
  console.log(
    "endpoint".padEnd(44),
    "count".padStart(7),
    "req/s".padStart(7),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
  );
  for (const [name, list] of recorder.endpoints().sort((a, b) => b[1].length - a[1].length)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      name.padEnd(44),
      String(sorted.length).padStart(7),
      (sorted.length / seconds).toFixed(1).padStart(7),
      percentile(sorted, 50).toFixed(1).padStart(8),
      percentile(sorted, 99).toFixed(1).padStart(8),
    );
  }
}
