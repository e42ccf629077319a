// Issue 11's benchmark of the admin dashboard at 100k users, 10k courses and 1M activity entries:
// GET /api/admin/stats, /api/admin/analytics?timeframe=year and the recent activity, read caches off,
// against a bare server answering the same JSON (p99 target 25 ms at 50 connections).
import path from "node:path";
import { growHistory } from "./admin-history-data.mjs";
import { growDatabase } from "./large-data.mjs";
import { compareWithBare, printTable, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

const API_PORT = Number(process.env.BENCH_PORT ?? 3941);
const BARE_PORT = API_PORT + 50;

/** `server` must hold the grown data set (growDatabase, then growHistory) with the read caches off. */
export async function benchAdminDashboard(server) {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "Admin123!" }),
  });
  const admin = { authorization: `Bearer ${(await login.json()).data.token}` };
  const analytics = `${server.base}/api/admin/analytics?timeframe=year`;
  const bare = await startBareServer(await (await fetch(analytics, { headers: admin })).text(), BARE_PORT);
  try {
    console.log("\n## 100k users, 10k courses, 1M activity entries: the admin dashboard, read caches off");
    printTable(
      await compareWithBare(bare.url, [
        ["GET /api/admin/stats", `${server.base}/api/admin/stats`, admin],
        ["GET /api/admin/analytics?timeframe=year", analytics, admin],
        ["GET /api/admin/analytics?timeframe=day", `${server.base}/api/admin/analytics?timeframe=day`, admin],
        ["GET /api/admin/activity/recent?limit=10", `${server.base}/api/admin/activity/recent?limit=10`, admin],
      ]),
    );
  } finally {
    bare.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeded = await startServer({ port: API_PORT, env: { SEED_DEMO: "true" } });
  await seeded.stop();
  const file = path.join(seeded.dataDir, "lms.db");
  let started = performance.now();
  growDatabase(file);
  growHistory(file);
  console.log(`grew the database in ${Math.round((performance.now() - started) / 1000)} s`);
  started = performance.now();
  const server = await startServer({ port: API_PORT, env: { DATA_DIR: seeded.dataDir, READ_CACHE_SECONDS: "0" } });
  try {
    await benchAdminDashboard(server);
  } finally {
    await server.stop();
  }
}
