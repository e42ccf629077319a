// The catalogue and a learner's course detail at 100k users, 10k courses and 1M activity entries,
// with the read caches on and off, side by side (ARCHITECTURE §9 as revised by issue 13). Part of
// `npm run bench`; alone: `node bench/catalogue-detail.mjs` after `npm run build` (BENCH_DATA_DIR
// reuses a folder it grew before; BENCH_PORT and BENCH_BARE_PORT, by default BENCH_PORT + 50, are used).
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { growHistory } from "./admin-history-data.mjs";
import { atLeast } from "./budget.mjs";
import { growDatabase } from "./large-data.mjs";
import { CONNECTIONS, compareWithBare, startBareServer } from "./measure.mjs";
import { startServer } from "./server.mjs";

async function signIn(base, email, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return { authorization: `Bearer ${(await response.json()).data.token}` };
}

/** The endpoints of each section, and the body the bare server answers for it. */
async function sections(base) {
  const learner = await signIn(base, "learner@example.com", "Learner123!");
  const enrolled = await (await fetch(`${base}/api/users/enrolled-courses`, { headers: learner })).json();
  const courseId = enrolled.data.courses[0]._id;
  const catalogueUrl = `${base}/api/courses`;
  const detailUrl = `${base}/api/courses/${courseId}/detail`;
  return [
    {
      title: "catalogue",
      body: await (await fetch(catalogueUrl)).text(),
      endpoints: [
        ["GET /api/courses (catalogue)", catalogueUrl],
        ["GET /api/courses?page=400&limit=20", `${catalogueUrl}?page=400&limit=20`],
        ["GET /api/courses?sort=title&page=200", `${catalogueUrl}?sort=title&page=200`],
        ["GET /api/auth/profile", `${base}/api/auth/profile`, learner],
      ],
    },
    {
      title: "course detail",
      body: await (await fetch(detailUrl, { headers: learner })).text(),
      endpoints: [
        ["GET /api/courses/{id}/detail (learner)", detailUrl, learner],
        ["GET /api/courses/{id} (public info)", `${base}/api/courses/${courseId}`],
      ],
    },
  ];
}

/** Measures every section with the caches on, then off, each against a bare server in its own rounds. */
async function measure({ dataDir, port, barePort }) {
  const results = {};
  for (const cacheSeconds of ["1", "0"]) {
    const server = await startServer({ port, env: { DATA_DIR: dataDir, READ_CACHE_SECONDS: cacheSeconds } });
    try {
      for (const section of await sections(server.base)) {
        const bare = await startBareServer(section.body, barePort);
        try {
          const rows = await compareWithBare(bare.url, section.endpoints);
          for (const [i, row] of rows.entries()) {
            const name = i === 0 ? `bare node http (${section.title} JSON)` : row.name;
            results[name] = { ...results[name], [cacheSeconds === "0" ? "off" : "on"]: row };
          }
        } finally {
          bare.close();
        }
      }
    } finally {
      await server.stop();
    }
  }
  return results;
}

function print(results) {
  const cell = (r) =>
    r
      ? `${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(5)} ${r.ratio === null ? "" : `${Math.round(r.ratio * 100)}%`}`
      : "";
  console.log(`\n## 100k users, 10k courses, 1M activity entries: read caches on | off (${CONNECTIONS} connections)`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; cells: req/s, p99 ms, share of bare`,
  );
  console.log("endpoint".padEnd(44), "caches on".padEnd(22), "caches off");
  for (const [name, { on, off }] of Object.entries(results)) {
    console.log(name.padEnd(44), cell(on).padEnd(22), cell(off));
  }
}

/** Grows `dataDir`'s seeded database (unless done before) and prints the caches-on/off table. */
export async function benchCatalogueAtScale({ dataDir, port, barePort, grow = true }) {
  if (grow) {
    console.log("\ngrowing the database to 100k users, 10k courses and 1M activity entries ...");
    growDatabase(path.join(dataDir, "lms.db"));
    growHistory(path.join(dataDir, "lms.db"));
  }
  const results = await measure({ dataDir, port, barePort });
  print(results);
  const share = (name) => Math.round((results[name]?.on?.ratio ?? 0) * 100);
  atLeast("catalogue (public) vs bare", share("GET /api/courses (catalogue)"), 60, " %");
  atLeast("course detail per reader vs bare", share("GET /api/courses/{id}/detail (learner)"), 25, " %");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 3901);
  const barePort = Number(process.env.BENCH_BARE_PORT ?? port + 50);
  const reuse = process.env.BENCH_DATA_DIR;
  if (reuse && existsSync(path.join(reuse, "lms.db"))) {
    await benchCatalogueAtScale({ dataDir: reuse, port, barePort, grow: false });
  } else {
    const seeded = await startServer({ port, env: { SEED_DEMO: "true", ...(reuse && { DATA_DIR: reuse }) } });
    await seeded.stop();
    console.log(`data folder: ${seeded.dataDir} (BENCH_DATA_DIR reuses it)`);
    await benchCatalogueAtScale({ dataDir: seeded.dataDir, port, barePort });
  }
}
