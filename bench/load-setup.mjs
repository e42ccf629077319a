// Starts a server on bench data for `bench:load` and `bench:soak`: demo seed, one published quiz,
// the database grown (load-data.mjs), then the server again with the bench's settings.
import { spawn } from "node:child_process";
import path from "node:path";
import { contentCourses, growForLoad, resetPostgres } from "./load-data.mjs";
import { QUESTIONS } from "./quiz-rush.mjs";
import { startServer } from "./server.mjs";

const SECRET = "bench-secret-that-is-long-enough-for-hs256-signing";

/**
 * The bench's settings: sign-in limits high enough for every learner signing in from this one
 * address (the defaults would answer 429 after 20), each answer carrying the cache counters, and
 * access tokens that outlast a soak (the simulated learners do not refresh them).
 */
const BENCH_ENV = {
  JWT_SECRET: SECRET,
  AUTH_RATE_LIMIT_MAX: "1000000",
  READ_CACHE_STATS_HEADER: "true",
  OUTBOX_POLL_MS: "0",
  BACKUP_SCHEDULE: "false",
  ACCESS_TOKEN_MINUTES: "1440",
};

/** One api call as a client makes it; its `data`, or an error naming the route and status. */
export async function api(base, method, url, token, body) {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { "content-type": "application/json" }),
    },
    body: body && JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data;
}

/** A Redis server of its own for WORKERS > 1 (shared rate limits and cache invalidation). */
export async function startRedis(port) {
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (child.exitCode !== null) throw new Error("redis-server did not start");
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Prepares the data and answers the running server, the courses the learners study and the quiz. */
export async function startBenchServer({ port, databaseUrl, learners, workers = 1, redisUrl }) {
  if (databaseUrl) await resetPostgres(databaseUrl);
  const dbEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const seeding = await startServer({ port, env: { ...BENCH_ENV, ...dbEnv, SEED_DEMO: "true" } });
  const target = databaseUrl ?? path.join(seeding.dataDir, "lms.db");
  let assessmentId;
  let courseIds;
  try {
    courseIds = (await contentCourses(target)).slice(0, 2);
    const admin = (
      await api(seeding.base, "POST", "/auth/login", null, { email: "admin@example.com", password: "Admin123!" })
    ).token;
    const { assessment } = await api(seeding.base, "POST", `/instructor/courses/${courseIds[0]}/assessments`, admin, {
      title: "Load bench quiz",
      type: "quiz",
      published: true,
      timeLimitMinutes: 30,
      questions: QUESTIONS,
    });
    assessmentId = assessment._id;
  } finally {
    await seeding.stop();
  }
  console.log(`growing the data (100k users, 10k courses, ${learners} learners enrolled in 2 courses) ...`);
  await growForLoad(target, { learners, courseIds });
  const server = await startServer({
    port,
    env: {
      ...BENCH_ENV,
      ...dbEnv,
      DATA_DIR: seeding.dataDir,
      SEED_DEMO: "false",
      WORKERS: String(workers),
      ...(redisUrl && { REDIS_URL: redisUrl }),
    },
  });
  return { server, courseIds, assessmentId };
}
