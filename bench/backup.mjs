// Issue 11's benchmark of backups: the time and peak memory of a backup (POST /api/admin/backup to
// its end, measured on the server process) and of `npm run restore` (the command's process) with
// 100k users and 10k courses. Restores into a fresh SQLite file, and into PostgreSQL when
// BENCH_DATABASE_URL names an empty database.
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { growDatabase } from "./large-data.mjs";
import { startServer } from "./server.mjs";

const API_PORT = Number(process.env.BENCH_BACKUP_PORT ?? 3931);
const root = path.resolve(import.meta.dirname, "..");

const status = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Samples a process's resident memory until stopped; answers the peak in MB. */
function sampleMemory(pid) {
  let peak = 0;
  const read = () => {
    try {
      peak = Math.max(peak, status(pid, "VmRSS"));
    } catch {}
  };
  read();
  const timer = setInterval(read, 20);
  return () => {
    clearInterval(timer);
    read();
    return peak;
  };
}

async function api(base, url, { token, method = "GET", body } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers["content-type"] = "application/json";
  const response = await fetch(`${base}/api${url}`, { method, headers, body: body && JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data;
}

async function timeBackup(server, archiveFile) {
  const { token } = await api(server.base, "/auth/login", {
    method: "POST",
    body: { email: "admin@example.com", password: "Admin123!" },
  });
  const before = status(server.pid, "VmRSS");
  const stop = sampleMemory(server.pid);
  const started = performance.now();
  let { backup } = await api(server.base, "/admin/backup", { token, method: "POST" });
  while (backup.status === "running") {
    await new Promise((r) => setTimeout(r, 50));
    const { backups } = await api(server.base, "/admin/backup/history?limit=5", { token });
    backup = backups.find((b) => b._id === backup._id);
  }
  const ms = performance.now() - started;
  const peak = stop();
  if (backup.status !== "succeeded") throw new Error(`backup failed: ${backup.error}`);
  const response = await fetch(`${server.base}/api/admin/backup/${backup._id}/download`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await pipeline(Readable.fromWeb(response.body), createWriteStream(archiveFile));
  console.log(
    `| backup (server) | ${backup.rows.toLocaleString("en")} rows, ${backup.files} files | ${(backup.size / 2 ** 20).toFixed(1)} MB | ${(ms / 1000).toFixed(1)} s | ${before.toFixed(0)} -> ${peak.toFixed(0)} MB |`,
  );
}

async function timeRestore(label, archiveFile, env) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "apps/api/dist/restore.js"), archiveFile], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = sampleMemory(child.pid);
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  const peak = stop();
  if (code !== 0) throw new Error(`restore into ${label} failed:\n${output}`);
  const rows = [...output.matchAll(/: (\d+) rows/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  console.log(
    `| restore (${label}) | ${rows.toLocaleString("en")} rows | ${(statSync(archiveFile).size / 2 ** 20).toFixed(1)} MB | ${((performance.now() - started) / 1000).toFixed(1)} s | peak ${peak.toFixed(0)} MB |`,
  );
}

export async function benchBackup() {
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true", BACKUP_SCHEDULE: "false" } });
  await seeded.stop();
  console.log("\ngrowing a database to 100k users and 10k courses for the backup benchmark ...");
  growDatabase(path.join(seeded.dataDir, "lms.db"));
  const archiveFile = path.join(mkdtempSync(path.join(tmpdir(), "lms-bench-archive-")), "backup.tar.gz");
  const server = await startServer({
    port: API_PORT,
    env: { DATA_DIR: seeded.dataDir, SEED_DEMO: "false", BACKUP_SCHEDULE: "false" },
  });
  console.log("\n## Backup and restore, 100k users and 10k courses");
  console.log("| step | content | archive | time | memory (RSS) |\n|---|---|---|---|---|");
  try {
    await timeBackup(server, archiveFile);
  } finally {
    await server.stop();
  }
  const targets = [mkdtempSync(path.join(tmpdir(), "lms-bench-restore-"))];
  try {
    const [target] = targets;
    await timeRestore("SQLite", archiveFile, { DATA_DIR: target, DATABASE_URL: `file:${path.join(target, "lms.db")}` });
    if (process.env.BENCH_DATABASE_URL) {
      targets.push(mkdtempSync(path.join(tmpdir(), "lms-bench-restore-pg-")));
      await timeRestore("PostgreSQL", archiveFile, {
        DATA_DIR: targets[1],
        DATABASE_URL: process.env.BENCH_DATABASE_URL,
      });
    }
  } finally {
    for (const dir of [...targets, path.dirname(archiveFile), seeded.dataDir])
      rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBackup();
