// `npm run bench`: the api's hot reads against a bare Node server in the same run (ARCHITECTURE §9).
// Part 1 uses the demo database; part 2 the same data grown to 100k users, 10k courses and 1M activity entries.
import { benchActivity } from "./activity.mjs";
import { benchAdminDashboard } from "./admin-dashboard.mjs";
import { benchAdminUsers } from "./admin-users.mjs";
import { benchBackup } from "./backup.mjs";
import { printBudgetSummary } from "./budget.mjs";
import { benchCatalogueAtScale } from "./catalogue-detail.mjs";
import { measureFirstLoad } from "./first-load.mjs";
import { benchForumLive } from "./forum-live.mjs";
import { benchGradebook } from "./gradebook.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { compareWithBare, printTable, startBareServer } from "./measure.mjs";
import { benchMixedReads } from "./mixed-reads.mjs";
import { benchQuizRush } from "./quiz-rush.mjs";
import { startServer } from "./server.mjs";
import { benchLargeClass } from "./students-progress.mjs";
import { benchTails } from "./tails.mjs";
import { benchUserImport } from "./user-import.mjs";

const API_PORT = 3901;
const BARE_PORT = 3902;

async function signIn(base, email, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return { authorization: `Bearer ${(await response.json()).data.token}` };
}

/** Measures each endpoint against a bare server answering `body`, round by round; prints the medians. */
async function compare(title, body, endpoints) {
  const bare = await startBareServer(body, BARE_PORT);
  try {
    const rows = await compareWithBare(bare.url, endpoints);
    console.log(`\n## ${title}`);
    printTable(rows);
  } finally {
    bare.close();
  }
}

async function benchCatalogueAndDetail(label, server) {
  const learner = await signIn(server.base, "learner@example.com", "Learner123!");
  const enrolled = await (await fetch(`${server.base}/api/users/enrolled-courses`, { headers: learner })).json();
  const courseId = enrolled.data.courses[0]._id;
  const catalogueUrl = `${server.base}/api/courses`;
  const detailUrl = `${server.base}/api/courses/${courseId}/detail`;
  await compare(`${label}: catalogue`, await (await fetch(catalogueUrl)).text(), [
    ["GET /api/courses (catalogue)", catalogueUrl],
    ["GET /api/courses?page=400&limit=20", `${catalogueUrl}?page=400&limit=20`],
    ["GET /api/auth/profile", `${server.base}/api/auth/profile`, learner],
  ]);
  await compare(`${label}: course detail`, await (await fetch(detailUrl, { headers: learner })).text(), [
    ["GET /api/courses/{id}/detail (learner)", detailUrl, learner],
    ["GET /api/courses/{id} (public info)", `${server.base}/api/courses/${courseId}`],
  ]);
}

const demo = await startServer({ port: API_PORT, env: { SEED_DEMO: "true" } });
try {
  await benchCatalogueAndDetail("demo data", demo);
  await measureFirstLoad(demo.base);
  await runLighthouse(demo.base);
} finally {
  await demo.stop();
}

// 2,000 learners start, autosave and submit one quiz within seconds: SQLite, and PostgreSQL when
// BENCH_DATABASE_URL names an empty database.
await benchQuizRush({ port: API_PORT });
if (process.env.BENCH_DATABASE_URL)
  await benchQuizRush({ port: API_PORT, databaseUrl: process.env.BENCH_DATABASE_URL });

// The catalogue and course detail at scale, read caches on and off side by side (it grows the data).
await benchCatalogueAtScale({ dataDir: demo.dataDir, port: API_PORT, barePort: BARE_PORT });
// The same reads while learners report progress 60 times a second.
await benchMixedReads({ dataDir: demo.dataDir, port: API_PORT });
const large = await startServer({ port: API_PORT, env: { DATA_DIR: demo.dataDir, READ_CACHE_SECONDS: "0" } });
try {
  await benchAdminUsers(large);
  await benchAdminDashboard(large);
} finally {
  await large.stop();
}

await benchLargeClass();
await benchGradebook();
await benchUserImport();
await benchBackup();
await benchActivity();
await benchForumLive();
await benchTails();
printBudgetSummary();
