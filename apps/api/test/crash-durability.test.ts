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
}

const PASSWORD = "Secret123";
const AVATAR = Buffer.concat([PNG, Buffer.alloc(256 * 1024, 9)]);
const WRITERS = 12;
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

// The real process, killed with SIGKILL in the middle of registrations, paid-free enrollments and
// picture uploads, then started again on the same database and files.
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

  async function freeCourse() {
    const answer = await (await call("/api/courses?limit=50")).json();
    const course = answer.data.courses.find((c: { priceCredits: number }) => c.priceCredits === 0);
    if (!course) throw new Error("the demo data has no free course");
    return course as { _id: string; stats: { enrollments: number } };
  }

  /** One learner's writes in order; an answer that never came (the crash) is "unknown". */
  async function writeAsLearner(learner: Learner, courseId: string) {
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
  }

  it("keeps every write that was answered, whole, and leaves nothing half there", async () => {
    server = await startServerProcess(env);
    const course = await freeCourse();
    const before = course.stats.enrollments;

    const learners: Learner[] = [];
    let crashed = false;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; !crashed; i++) {
        const learner: Learner = { email: `crash-${w}-${i}-${Date.now().toString(36)}@example.test` };
        learners.push(learner);
        await writeAsLearner(learner, course._id).catch((error: Error) => {
          if (!crashed) throw error;
        });
      }
    });
    // Crash once enough writes of every kind were answered, with more of each in flight.
    while (learners.filter((l) => l.avatar === "yes").length < 10) await new Promise((r) => setTimeout(r, 20));
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
      const has = JSON.stringify(mine.data).includes(course._id);
      if (learner.enrolled === "yes") expect(has, learner.email).toBe(true);
      if (has) enrolledNow++;
    }
    expect((await freeCourse()).stats.enrollments).toBe(before + enrolledNow);

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
