import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG } from "./support/multipart.js";
import { startServerProcess } from "./support/server-process.js";

type Server = Awaited<ReturnType<typeof startServerProcess>>;
interface Learner {
  email: string;
  id?: string;
  token?: string;
  enrolled?: "yes" | "unknown";
  avatar?: "yes" | "unknown";
  progress?: "yes" | "unknown";
  attemptId?: string;
  submitted?: "yes" | "unknown";
}

/** The course the learners write to: a free one with a lesson file, and a quiz in it. */
interface Target {
  courseId: string;
  lessonId: string;
  fileId: string;
  assessmentId: string;
}

const PASSWORD = "Secret123";
const AVATAR = Buffer.concat([PNG, Buffer.alloc(256 * 1024, 9)]);
const WRITERS = 12;
const POSITION = 42;
/** Graded on submit: 3 points, all of them for the answers the learners give. */
const QUIZ = [
  { type: "true_false", text: "Is this durable?", points: 1, correct: true },
  {
    type: "single_choice",
    text: "Pick A",
    points: 2,
    options: [
      { text: "A", correct: true },
      { text: "B", correct: false },
    ],
  },
];
const FULL_SCORE = 3;
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const onPostgres = process.env.TEST_DIALECT === "postgres";

/** Every file a reader could be served: anything under uploads but the temporary folder. */
function storedFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === ".tmp") return [];
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  try {
    return walk(root);
  } catch {
    return [];
  }
}

// The real process, killed with SIGKILL in the middle of registrations, paid-free enrollments,
// picture uploads, progress reports and quiz submits, then started again on the same database and files.
describe.runIf(!onPostgres || adminUrl)("a crash (kill -9) during a stream of writes", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-crash-"));
  const dbName = `lms_crash_${Date.now().toString(36)}`;
  const admin = onPostgres ? new pg.Client({ connectionString: adminUrl }) : undefined;
  let env: Record<string, string>;
  let server: Server | undefined;

  beforeAll(async () => {
    let databaseUrl = `file:${path.join(dataDir, "lms.db")}`;
    if (admin) {
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_RATE_LIMIT_MAX: "100000" };
  });
  afterAll(async () => {
    await server?.stop();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (route: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${server?.base}${route}`, {
      ...init,
      headers: { ...(init.token && { authorization: `Bearer ${init.token}` }), ...init.headers },
    });
  const json = (body: unknown) => ({
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

  async function freeCourses() {
    const answer = await (await call("/api/courses?limit=50")).json();
    return answer.data.courses.filter((c: { priceCredits: number }) => c.priceCredits === 0) as {
      _id: string;
      stats: { enrollments: number };
    }[];
  }
  const enrollmentsOf = async (courseId: string) =>
    (await freeCourses()).find((c) => c._id === courseId)?.stats.enrollments;

  /** A free demo course with a lesson file (found by a learner of its own) and a quiz the admin adds. */
  async function prepareTarget(): Promise<Target> {
    const probe = await (
      await call(
        "/api/auth/register",
        json({ name: "Probe", email: `probe-${Date.now()}@example.test`, password: PASSWORD }),
      )
    ).json();
    const token = probe.data.token;
    for (const course of await freeCourses()) {
      await call(`/api/courses/${course._id}/enroll`, { method: "POST", token });
      const detail = await (await call(`/api/courses/${course._id}/detail`, { token })).json();
      for (const module of detail.data.course.modules)
        for (const lesson of module.lessons)
          for (const file of lesson.files) {
            const signedIn = await (
              await call("/api/auth/login", json({ email: "admin@example.com", password: "Admin123!" }))
            ).json();
            const quiz = await call(`/api/instructor/courses/${course._id}/assessments`, {
              ...json({ title: "Crash quiz", type: "quiz", published: true, questions: QUIZ }),
              token: signedIn.data.token,
            });
            if (quiz.status !== 201) throw new Error(`quiz answered ${quiz.status}`);
            const { assessment } = (await quiz.json()).data;
            return { courseId: course._id, lessonId: lesson._id, fileId: file._id, assessmentId: assessment._id };
          }
    }
    throw new Error("the demo data has no free course with a lesson file");
  }

  /** One learner's writes in order; an answer that never came (the crash) is "unknown". */
  async function writeAsLearner(learner: Learner, target: Target) {
    const { courseId } = target;
    const registered = await call(
      "/api/auth/register",
      json({ name: "Crash Learner", email: learner.email, password: PASSWORD }),
    );
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const { data } = await registered.json();
    learner.id = data.user._id;
    learner.token = data.token;

    learner.enrolled = "unknown";
    const enrolled = await call(`/api/courses/${courseId}/enroll`, { method: "POST", token: learner.token });
    if (enrolled.status !== 201) throw new Error(`enroll answered ${enrolled.status}`);
    learner.enrolled = "yes";

    learner.avatar = "unknown";
    const form = new FormData();
    form.append("file", new Blob([AVATAR], { type: "image/png" }), "me.png");
    const uploaded = await call("/api/users/me/avatar", { method: "PUT", body: form, token: learner.token });
    if (uploaded.status !== 200) throw new Error(`avatar answered ${uploaded.status}`);
    learner.avatar = "yes";

    learner.progress = "unknown";
    const reported = await call(`/api/courses/${courseId}/lessons/${target.lessonId}/progress`, {
      ...json({ fileId: target.fileId, position: POSITION, duration: 100 }),
      token: learner.token,
    });
    if (reported.status !== 200) throw new Error(`progress answered ${reported.status}`);
    learner.progress = "yes";

    const started = await call(`/api/assessments/${target.assessmentId}/attempts`, {
      method: "POST",
      token: learner.token,
    });
    if (started.status !== 201) throw new Error(`attempt answered ${started.status}`);
    const { attempt } = (await started.json()).data;
    learner.attemptId = attempt._id;
    const answers = attempt.questions.map((q: { _id: string; type: string; options?: { _id: string }[] }) => ({
      questionId: q._id,
      value: q.type === "true_false" ? true : q.options?.[0]?._id,
    }));
    const saved = await call(`/api/attempts/${attempt._id}/answers`, {
      ...json({ answers }),
      method: "PUT",
      token: learner.token,
    });
    if (saved.status !== 200) throw new Error(`answers answered ${saved.status}`);
    learner.submitted = "unknown";
    const submitted = await call(`/api/attempts/${attempt._id}/submit`, { method: "POST", token: learner.token });
    if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}`);
    learner.submitted = "yes";
  }

  it("keeps every write that was answered, whole, and leaves nothing half there", async () => {
    server = await startServerProcess(env);
    const target = await prepareTarget();
    const before = (await enrollmentsOf(target.courseId)) ?? 0;

    const learners: Learner[] = [];
    let crashed = false;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; !crashed; i++) {
        const learner: Learner = { email: `crash-${w}-${i}-${Date.now().toString(36)}@example.test` };
        learners.push(learner);
        await writeAsLearner(learner, target).catch((error: Error) => {
          if (!crashed) throw error;
        });
      }
    });
    // Crash once enough writes of every kind were answered, with more of each in flight.
    while (learners.filter((l) => l.submitted === "yes").length < 10) await new Promise((r) => setTimeout(r, 20));
    crashed = true;
    await server.crash();
    await Promise.all(writers);

    server = await startServerProcess(env);
    const known = learners.filter((l) => l.token);
    expect(known.length).toBeGreaterThanOrEqual(10);

    // Every answered registration signs in with its password.
    for (const learner of known) {
      const login = await call("/api/auth/login", json({ email: learner.email, password: PASSWORD }));
      expect(login.status, learner.email).toBe(200);
      learner.token = (await login.json()).data.token;
    }

    // Every answered enrollment is there; an unanswered one is there whole or not at all, so the
    // course's counter (kept in the enrollment's transaction) equals the rows.
    let enrolledNow = 0;
    for (const learner of known) {
      const mine = await (await call("/api/users/enrolled-courses", { token: learner.token })).json();
      const has = JSON.stringify(mine.data).includes(target.courseId);
      if (learner.enrolled === "yes") expect(has, learner.email).toBe(true);
      if (has) enrolledNow++;
    }
    expect(await enrollmentsOf(target.courseId)).toBe(before + enrolledNow);

    // Every answered progress report is there; any report is there with its enrollment's update and
    // stored progress (one transaction), or not at all.
    for (const learner of known.filter((l) => l.progress)) {
      const answer = await (await call(`/api/courses/${target.courseId}/progress`, { token: learner.token })).json();
      const file = answer.data.files.find((f: { fileId: string }) => f.fileId === target.fileId);
      if (learner.progress === "yes") expect(file, learner.email).toBeDefined();
      const enrolled = await (await call("/api/users/enrolled-courses", { token: learner.token })).json();
      const stored = enrolled.data.courses.find((c: { _id: string }) => c._id === target.courseId);
      if (file) {
        expect(file.position).toBe(POSITION);
        expect(answer.data.progress.lastLessonId).toBe(target.lessonId);
        expect(stored.progress.percentage).toBe(answer.data.progress.percentage);
        expect(stored.progress.lastLessonId).toBe(target.lessonId);
      } else {
        expect(answer.data.progress.lastLessonId, learner.email).toBeNull();
      }
    }

    // Every answered submit is graded in full; an unanswered one is graded in full or still open.
    let submittedNow = 0;
    for (const learner of known.filter((l) => l.attemptId)) {
      const answer = await (await call(`/api/attempts/${learner.attemptId}`, { token: learner.token })).json();
      const { state, score } = answer.data.attempt;
      if (learner.submitted === "yes") expect(state, learner.email).toBe("graded");
      if (state === "in_progress") expect(score).toBeNull();
      else {
        expect(state, learner.email).toBe("graded");
        expect(score).toBe(FULL_SCORE);
        submittedNow++;
      }
    }
    const adminToken = (
      await (await call("/api/auth/login", json({ email: "admin@example.com", password: "Admin123!" }))).json()
    ).data.token;
    const results = await (
      await call(
        `/api/instructor/courses/${target.courseId}/assessments/${target.assessmentId}/results?limit=1&state=graded`,
        { token: adminToken },
      )
    ).json();
    expect(results.data.pagination.total).toBe(submittedNow);

    // Every answered picture is served whole; an unanswered one is whole or absent.
    for (const learner of known.filter((l) => l.avatar)) {
      const served = await call(`/api/users/${learner.id}/avatar`);
      if (learner.avatar === "yes") expect(served.status, learner.email).toBe(200);
      if (served.status === 200) expect(Buffer.from(await served.arrayBuffer()).equals(AVATAR)).toBe(true);
      else expect(served.status).toBe(404);
    }
    // No partly written file is where a reader could be served it.
    const avatars = storedFiles(path.join(dataDir, "uploads", "avatars"));
    expect(avatars.length).toBeGreaterThanOrEqual(10);
    for (const file of avatars) expect(statSync(file).size, file).toBe(AVATAR.length);
  }, 240_000);
});
