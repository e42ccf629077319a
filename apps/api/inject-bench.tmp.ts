import { buildApp } from "/work/wt/cacheperf/apps/api/src/app.js";
import { loadConfig } from "/work/wt/cacheperf/apps/api/src/config.js";
import { openDb } from "/work/wt/cacheperf/apps/api/src/db/connection.js";
import { migrateToLatest } from "/work/wt/cacheperf/apps/api/src/db/migrate.js";

const config = loadConfig({ DATA_DIR: "/tmp/cp/bench-data", LOG_LEVEL: "silent", READ_CACHE_SECONDS: process.env.CACHE ?? "0", WEB_DIST: "/none", SEED_DEMO: "false", BACKUP_SCHEDULE: "false" });
const database = openDb(config.databaseUrl);
await migrateToLatest(database.db);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "learner@example.com", password: "Learner123!" } });
const auth = { authorization: `Bearer ${login.json().data.token}` };
const enrolled = await app.inject({ method: "GET", url: "/api/users/enrolled-courses", headers: auth });
const courseId = enrolled.json().data.courses[0]._id;
const cases: [string, string, Record<string, string>][] = [
  ["catalogue", "/api/courses", {}],
  ["page400", "/api/courses?page=400&limit=20", {}],
  ["title200", "/api/courses?sort=title&page=200", {}],
  ["search", "/api/courses?search=course%2012", {}],
  ["profile", "/api/auth/profile", auth],
  ["detail", `/api/courses/${courseId}/detail`, auth],
  ["public", `/api/courses/${courseId}`, {}],
];
const only = process.env.ONLY?.split(",");
for (const [name, url, headers] of cases) {
  if (only && !only.includes(name)) continue;
  for (let i = 0; i < 50; i++) await app.inject({ method: "GET", url, headers });
  const n = Number(process.env.N ?? 300);
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await app.inject({ method: "GET", url, headers });
    if (r.statusCode !== 200) throw new Error(`${name} ${r.statusCode} ${r.body}`);
  }
  const used = process.cpuUsage(cpu);
  console.log(name.padEnd(10), "cpu/req ms", ((used.user + used.system) / n / 1000).toFixed(3), " wall/req ms", ((performance.now() - t) / n).toFixed(3));
}
await app.close();
await database.close();
