// Simulated learners doing a day's work against a running server (`bench:load`, `bench:soak`): each
// signs in, opens the dashboard and one of their courses, then until the end reports progress on a
// lesson file every 10 s and, in between, browses the catalogue, reopens a course, opens a lesson's
// file, looks at the dashboard, and now and then enrols in another course or takes the quiz.
import http from "node:http";
import { LEARNER_PASSWORD, learnerEmail } from "./load-data.mjs";
import { answerFor } from "./quiz-rush.mjs";

const PROGRESS_EVERY_MS = 10_000;
const CATALOGUE_PAGES = 50;

/** One learner's requests share keep-alive connections with the others', as behind a load balancer. */
export function createClient(base, recorder, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return function call(endpoint, method, path, { token, body, headers = {} } = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const all = { ...headers };
    if (token) all.authorization = `Bearer ${token}`;
    if (payload) all["content-type"] = "application/json";
    const started = performance.now();
    return new Promise((resolve) => {
      const request = http.request(`${base}${path}`, { method, headers: all, agent }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          recorder.record(endpoint, performance.now() - started, status, response.headers);
          let json = null;
          if (String(response.headers["content-type"]).startsWith("application/json")) {
            try {
              json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
            } catch {}
          }
          resolve(status >= 200 && status < 300 ? (json?.data ?? {}) : null);
        });
      });
      request.on("error", (error) => {
        recorder.fail(endpoint, error);
        resolve(null);
      });
      request.end(payload);
    });
  };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sleepUntil = (at) => sleep(Math.max(0, at - performance.now()));

/** The lesson files of a course's detail, with their lesson. */
const filesOf = (course) =>
  course.modules.flatMap((m) => m.lessons.flatMap((l) => l.files.map((f) => ({ lessonId: l._id, file: f }))));

async function takeQuiz(call, token, assessmentId) {
  const started = await call(
    "POST /api/assessments/{id}/attempts",
    "POST",
    `/api/assessments/${assessmentId}/attempts`,
    {
      token,
    },
  );
  if (!started) return;
  const { attempt } = started;
  const answers = attempt.questions.map((q) => ({ questionId: q._id, value: answerFor(q) }));
  await call("PUT /api/attempts/{id}/answers", "PUT", `/api/attempts/${attempt._id}/answers`, {
    token,
    body: { answers },
  });
  await call("POST /api/attempts/{id}/submit", "POST", `/api/attempts/${attempt._id}/submit`, { token });
}

/** One learner from sign-in until `endsAt` (ms on performance.now()'s clock). */
async function learnerDay(call, index, { endsAt, courseIds, assessmentId, quizShare }) {
  const login = await call("POST /api/auth/login", "POST", "/api/auth/login", {
    body: { email: learnerEmail(index), password: LEARNER_PASSWORD },
  });
  if (!login) return;
  const token = login.token;
  await call("GET /api/auth/profile", "GET", "/api/auth/profile", { token });
  await call("GET /api/users/enrolled-courses", "GET", "/api/users/enrolled-courses", { token });
  const enrolled = new Set(courseIds);
  const openCourse = async (courseId) =>
    (await call("GET /api/courses/{id}/detail", "GET", `/api/courses/${courseId}/detail`, { token }))?.course;
  const studying = await openCourse(pick(courseIds));
  if (!studying) return;
  const files = filesOf(studying);
  let current = pick(files);
  let position = 0;
  let quizTaken = false;

  const actions = [
    [
      30,
      async () =>
        call(
          "GET /api/courses (catalogue)",
          "GET",
          `/api/courses?page=${1 + Math.floor(Math.random() * CATALOGUE_PAGES)}`,
        ),
    ],
    [20, async () => openCourse(pick(courseIds))],
    [
      20,
      async () => {
        current = pick(files);
        position = 0;
        await call("GET /api/media/{id} (open a lesson)", "GET", current.file.url, {
          headers: { range: "bytes=0-65535" },
        });
      },
    ],
    [15, async () => call("GET /api/users/enrolled-courses", "GET", "/api/users/enrolled-courses", { token })],
    [
      10,
      async () => {
        const page = await call(
          "GET /api/courses (catalogue)",
          "GET",
          `/api/courses?page=${1 + Math.floor(Math.random() * 400)}`,
        );
        const course = page?.courses.find((c) => !enrolled.has(c._id));
        if (!course) return;
        enrolled.add(course._id);
        await call("POST /api/courses/{id}/enroll", "POST", `/api/courses/${course._id}/enroll`, { token });
      },
    ],
    [
      5,
      async () => {
        if (quizTaken || Math.random() > quizShare) return;
        quizTaken = true;
        await takeQuiz(call, token, assessmentId);
      },
    ],
  ];
  const totalWeight = actions.reduce((n, [w]) => n + w, 0);
  const action = () => {
    let roll = Math.random() * totalWeight;
    for (const [weight, run] of actions) {
      roll -= weight;
      if (roll < 0) return run();
    }
  };

  // Reports every 10 s from a random phase; one other action half-way between two reports.
  await sleepUntil(Math.min(endsAt, performance.now() + Math.random() * PROGRESS_EVERY_MS));
  while (performance.now() < endsAt) {
    position += PROGRESS_EVERY_MS / 1000;
    const tick = performance.now();
    await call(
      "POST /api/courses/{id}/lessons/{id}/progress",
      "POST",
      `/api/courses/${studying._id}/lessons/${current.lessonId}/progress`,
      {
        token,
        body: { fileId: current.file._id, position, duration: 600 },
      },
    );
    await sleepUntil(Math.min(endsAt, tick + PROGRESS_EVERY_MS / 2));
    if (performance.now() >= endsAt) break;
    await action();
    await sleepUntil(Math.min(endsAt, tick + PROGRESS_EVERY_MS));
  }
}

/**
 * Runs `learners` learners arriving evenly over `arrivalMs` and working until `durationMs` has
 * passed since the start; resolves when the last one has finished its last call.
 */
export async function runLearners(call, { learners, durationMs, arrivalMs, courseIds, assessmentId, quizShare = 0.5 }) {
  const endsAt = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: learners }, async (_, i) => {
      await sleep((i / learners) * arrivalMs);
      await learnerDay(call, i, { endsAt, courseIds, assessmentId, quizShare });
    }),
  );
}
