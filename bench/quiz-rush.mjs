// 2,000 learners start the same 16-question quiz within a few seconds, autosave twice and submit
// (issue 10). Counts errors, checks that every learner has exactly one submitted, graded attempt
// (none lost, none doubled), and reports p50/p99 of start, save and submit. SQLite by default;
// with BENCH_DATABASE_URL=postgres://... the same run on PostgreSQL.
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { SignJWT } from "jose";
import { startServer } from "./server.mjs";

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 3000);
const SECRET = "bench-secret-that-is-long-enough-for-hs256-signing";
/**
 * The learners' requests share this many keep-alive connections, as they would behind a load
 * balancer; a request waiting for a free connection counts that wait in its time.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** An HTTP request through the shared connections; answers the status and the parsed body. */
function send(url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        let json = null;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {}
        resolve({ status: response.statusCode ?? 0, json });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(payload);
  });
}

const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") + randomBytes(8).toString("hex");

/** 16 questions graded on submit: choices, true/false, short answers and numbers. */
export const QUESTIONS = Array.from({ length: 16 }, (_, i) => {
  const text = `Question ${i + 1}`;
  switch (i % 4) {
    case 0:
      return {
        type: "single_choice",
        text,
        points: 2,
        options: [
          { text: "A", correct: true },
          { text: "B", correct: false },
        ],
      };
    case 1:
      return { type: "true_false", text, points: 1, correct: true };
    case 2:
      return { type: "short_answer", text, points: 2, acceptedAnswers: ["yes"] };
    default:
      return { type: "numeric", text, points: 1, value: 42, tolerance: 0.5 };
  }
});
export const answerFor = (q) =>
  q.type === "single_choice"
    ? q.options[0]._id
    : q.type === "true_false"
      ? true
      : q.type === "short_answer"
        ? "Yes"
        : 42;

/** The learners and their enrollments, written straight to the database (signing up 2,000 people is not what is measured). */
async function addLearners(databaseUrl, dataDir, courseId) {
  const now = new Date().toISOString();
  const users = Array.from({ length: LEARNERS }, (_, i) => ({ id: newId(), i }));
  if (databaseUrl?.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const template = (await client.query("select * from users where email = 'learner@example.com'")).rows[0];
    await client.query("begin");
    for (const { id, i } of users) {
      const row = {
        ...template,
        id,
        name: `Rush Learner ${i}`,
        email: `rush-${i}-${id}@example.test`,
        created_at: now,
      };
      const columns = Object.keys(row);
      await client.query(
        `insert into users (${columns.join(",")}) values (${columns.map((_, n) => `$${n + 1}`).join(",")})`,
        columns.map((c) => row[c]),
      );
      await client.query(
        "insert into enrollments (id, user_id, course_id, status, progress, enrolled_at) values ($1, $2, $3, 'active', 0, $4)",
        [newId(), id, courseId, now],
      );
    }
    await client.query("commit");
    await client.end();
  } else {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(path.join(dataDir, "lms.db"));
    db.pragma("busy_timeout = 5000");
    const template = db.prepare("select * from users where email = 'learner@example.com'").get();
    const columns = Object.keys(template);
    const insertUser = db.prepare(
      `insert into users (${columns.join(",")}) values (${columns.map(() => "?").join(",")})`,
    );
    const enroll = db.prepare(
      "insert into enrollments (id, user_id, course_id, status, progress, enrolled_at) values (?, ?, ?, 'active', 0, ?)",
    );
    db.transaction(() => {
      for (const { id, i } of users) {
        const row = {
          ...template,
          id,
          name: `Rush Learner ${i}`,
          email: `rush-${i}-${id}@example.test`,
          created_at: now,
        };
        insertUser.run(columns.map((c) => row[c]));
        enroll.run(newId(), id, courseId, now);
      }
    })();
    db.close();
  }
  const key = new TextEncoder().encode(SECRET);
  return Promise.all(
    users.map(async ({ id }) => ({
      id,
      headers: {
        authorization: `Bearer ${await new SignJWT({ role: "learner" }).setProtectedHeader({ alg: "HS256" }).setSubject(id).setIssuedAt().setExpirationTime("30m").sign(key)}`,
      },
    })),
  );
}

async function call(base, method, url, headers, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const { status, json } = await send(
    `${base}/api${url}`,
    method,
    payload ? { ...headers, "content-type": "application/json" } : headers,
    payload,
  );
  if (status >= 400) throw new Error(`${method} ${url}: ${status} ${json?.message ?? ""}`);
  return json.data;
}

/** One learner: start, save the first half, save the second half, submit; each step timed. */
async function rush(base, learner, assessmentId, times, errors) {
  const timed = async (name, work) => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      times[name].push(performance.now() - started);
    }
  };
  try {
    const { attempt } = await timed("start", () =>
      call(base, "POST", `/assessments/${assessmentId}/attempts`, learner.headers),
    );
    const answers = attempt.questions.map((q) => ({ questionId: q._id, value: answerFor(q) }));
    await timed("save", () =>
      call(base, "PUT", `/attempts/${attempt._id}/answers`, learner.headers, { answers: answers.slice(0, 8) }),
    );
    await timed("save", () =>
      call(base, "PUT", `/attempts/${attempt._id}/answers`, learner.headers, { answers: answers.slice(8) }),
    );
    const done = await timed("submit", () => call(base, "POST", `/attempts/${attempt._id}/submit`, learner.headers));
    if (done.attempt.score !== 24) errors.push(`score ${done.attempt.score} instead of 24`);
  } catch (error) {
    errors.push(String(error.message ?? error));
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Runs the rush on a fresh server (SQLite, or the PostgreSQL database given) and prints its figures. */
export async function benchQuizRush({ port, databaseUrl }) {
  const env = { JWT_SECRET: SECRET, SEED_DEMO: "true", AUTH_RATE_LIMIT_MAX: "100000" };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const server = await startServer({ port, env });
  try {
    const login = async (email, password) => ({
      authorization: `Bearer ${(await call(server.base, "POST", "/auth/login", {}, { email, password })).token}`,
    });
    const instructor = await login("instructor@example.com", "Instructor123!");
    const admin = await login("admin@example.com", "Admin123!");
    const { categories } = await call(server.base, "GET", "/categories", instructor);
    const { course } = await call(server.base, "POST", "/instructor/courses", instructor, {
      title: `Quiz rush ${newId()}`,
      description: "Benchmark course.",
      shortDescription: "Benchmark course.",
      categoryId: categories[0]._id,
      duration: 60,
      priceCredits: 0,
    });
    await call(server.base, "PATCH", `/admin/courses/${course._id}/status`, admin, { status: "active" });
    const { assessment } = await call(
      server.base,
      "POST",
      `/instructor/courses/${course._id}/assessments`,
      instructor,
      {
        title: "Rush quiz",
        type: "quiz",
        published: true,
        timeLimitMinutes: 30,
        questions: QUESTIONS,
      },
    );
    const learners = await addLearners(databaseUrl, server.dataDir, course._id);

    const times = { start: [], save: [], submit: [] };
    const errors = [];
    const began = performance.now();
    await Promise.all(
      learners.map(
        (learner) =>
          new Promise((resolve) =>
            setTimeout(
              () => rush(server.base, learner, assessment._id, times, errors).then(resolve),
              Math.random() * SPREAD_MS,
            ),
          ),
      ),
    );
    const seconds = (performance.now() - began) / 1000;

    const results = await call(
      server.base,
      "GET",
      `/instructor/courses/${course._id}/assessments/${assessment._id}/results?limit=1`,
      instructor,
    );
    const graded = await call(
      server.base,
      "GET",
      `/instructor/courses/${course._id}/assessments/${assessment._id}/results?limit=1&state=graded`,
      instructor,
    );
    const { assessments } = await call(server.base, "GET", `/instructor/courses/${course._id}/assessments`, instructor);
    const counts = assessments.find((a) => a._id === assessment._id);

    console.log(`\n## ${LEARNERS} learners rush one 16-question quiz (${databaseUrl ? "PostgreSQL" : "SQLite"})`);
    console.log(
      `starts spread over ${SPREAD_MS / 1000} s; all done in ${seconds.toFixed(1)} s; errors: ${errors.length}`,
    );
    for (const sample of [...new Set(errors)].slice(0, 5)) console.log(`  error: ${sample}`);
    console.log(
      `attempts: ${results.pagination.total} (expected ${LEARNERS}); graded: ${graded.pagination.total}; ` +
        `submissions counted: ${counts.submissions}`,
    );
    console.log(
      "step".padEnd(10),
      "count".padStart(7),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
      "max ms".padStart(8),
    );
    for (const [name, values] of Object.entries(times)) {
      console.log(
        name.padEnd(10),
        String(values.length).padStart(7),
        percentile(values, 50).toFixed(0).padStart(8),
        percentile(values, 99).toFixed(0).padStart(8),
        Math.max(...values)
          .toFixed(0)
          .padStart(8),
      );
    }
    const lostOrDoubled = results.pagination.total !== LEARNERS || graded.pagination.total !== LEARNERS;
    if (errors.length > 0 || lostOrDoubled) throw new Error("quiz rush: errors, or lost or doubled submissions");
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchQuizRush({ port: Number(process.env.BENCH_PORT ?? 3903), databaseUrl: process.env.BENCH_DATABASE_URL });
}
