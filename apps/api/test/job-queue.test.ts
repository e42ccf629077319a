import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newId } from "../src/db/ids.js";
import { createSmtpMailer } from "../src/mail/mailer.js";
import { createUserImportService } from "../src/modules/users/import-service.js";
import { createOutbox, type Outbox } from "../src/outbox/outbox.js";
import { scheduleRecurring } from "../src/outbox/recurring.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser, makeUser } from "./support/factories.js";
import { createSmtpServer } from "./support/smtp.js";

const RETRY_MS = 1000;
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 3;

let smtp: Awaited<ReturnType<typeof createSmtpServer>>;
let t: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let clock = new Date("2030-01-01T10:00:00.000Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
/** What each test job type did, by job payload `n`. */
const runs = new Map<number, number>();
let failing = new Set<number>();

beforeAll(async () => {
  smtp = await createSmtpServer();
  t = await createTestApp({
    env: {
      OUTBOX_POLL_MS: "0",
      OUTBOX_RETRY_MS: String(RETRY_MS),
      OUTBOX_LEASE_MS: String(LEASE_MS),
      OUTBOX_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      AUTH_RATE_LIMIT_MAX: "1000",
    },
    mailer: createSmtpMailer(smtp.url, "LMS <no-reply@lms.test>"),
    now: () => clock,
  });
  t.app.outbox.register("test.count", {
    async run(payload) {
      const { n } = payload as { n: number };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      if (failing.has(n)) throw new Error(`job ${n} refused`);
    },
  });
  admin = await makeSignedInUser(t.app, t.db, "admin");
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(async () => {
  await smtp.start();
  smtp.received.length = 0;
  runs.clear();
  failing = new Set();
  await t.db.deleteFrom("outbox_jobs").execute();
});

const jobRow = (id: string) =>
  t.db.selectFrom("outbox_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
async function enqueue(n: number) {
  return (await t.app.outbox.enqueue(t.db, "test.count", { n })) as string;
}
const listJobs = (query: string, auth = admin.auth) =>
  t.app.inject({ method: "GET", url: `/api/admin/jobs${query}`, headers: auth });
const retry = (id: string, auth = admin.auth) =>
  t.app.inject({ method: "POST", url: `/api/admin/jobs/${id}/retry`, headers: auth });

describe("the job queue", () => {
  it("takes over a job whose process stopped once its lease has passed, and not before", async () => {
    const id = await enqueue(1);
    // A process claimed it (first attempt) and then died: the row stays running under its lease.
    await t.db
      .updateTable("outbox_jobs")
      .set({
        status: "running",
        attempts: 1,
        lease_token: "dead-process",
        locked_until: new Date(clock.getTime() + LEASE_MS).toISOString(),
      })
      .where("id", "=", id)
      .execute();
    expect(await t.app.outbox.runDue()).toBe(0);
    expect(runs.get(1)).toBeUndefined();

    advance(LEASE_MS + 1);
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(runs.get(1)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2, lease_token: null, locked_until: null });
  });

  it("a job whose last attempt's process stopped is failed when taken over, without running again", async () => {
    const id = await enqueue(2);
    await t.db
      .updateTable("outbox_jobs")
      .set({ status: "running", attempts: MAX_ATTEMPTS, lease_token: "dead", locked_until: clock.toISOString() })
      .where("id", "=", id)
      .execute();
    advance(1);
    await t.app.outbox.runDue();
    expect(runs.get(2)).toBeUndefined();
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS + 1 });
  });

  it("retries with a doubling delay, then fails it and lists it for admins without its payload", async () => {
    failing.add(3);
    const id = await enqueue(3);
    expect(await t.app.outbox.runDue()).toBe(1);
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: "pending", attempts: 1, last_error: "job 3 refused" });
    expect(Date.parse(first.run_at) - clock.getTime()).toBe(RETRY_MS);

    advance(RETRY_MS - 1);
    expect(await t.app.outbox.runDue()).toBe(0);
    advance(1);
    expect(await t.app.outbox.runDue()).toBe(1);
    const second = await jobRow(id);
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    expect(Date.parse(second.run_at) - clock.getTime()).toBe(2 * RETRY_MS);

    advance(2 * RETRY_MS);
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(runs.get(3)).toBe(MAX_ATTEMPTS);
    advance(60 * RETRY_MS);
    expect(await t.app.outbox.runDue()).toBe(0);

    const listed = await listJobs("?status=failed");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.jobs).toEqual([
      expect.objectContaining({
        _id: id,
        type: "test.count",
        status: "failed",
        attempts: MAX_ATTEMPTS,
        maxAttempts: MAX_ATTEMPTS,
        lastError: "job 3 refused",
      }),
    ]);
    expect(listed.json().data.pagination).toMatchObject({ total: 1, page: 1 });
    expect(listed.body).not.toContain("payload");
    expect((await listJobs("?status=pending")).json().data.jobs).toEqual([]);
  });

  it("an admin's retry puts a failed job back with fresh attempts; it then runs", async () => {
    failing.add(4);
    const id = await enqueue(4);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await t.app.outbox.runDue();
      advance(60 * RETRY_MS);
    }
    expect((await jobRow(id)).status).toBe("failed");
    failing.delete(4);

    const answer = await retry(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.job).toMatchObject({ _id: id, status: "pending", attempts: 0 });
    expect((await retry(id)).statusCode).toBe(409);
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
    expect((await retry(id)).json().message).toBe("Only a failed job can be retried");
  });

  it("answers 404 for an unknown job, 400 for a bad id and a bad status", async () => {
    expect((await retry("0123456789abcdef01234567")).statusCode).toBe(404);
    expect((await retry("nope")).statusCode).toBe(400);
    expect((await listJobs("?status=lost")).statusCode).toBe(400);
  });

  it("lets only admins and super admins see or retry jobs", async () => {
    const id = await enqueue(5);
    const superAdmin = await makeSignedInUser(t.app, t.db, "super_admin");
    expect((await listJobs("", superAdmin.auth)).statusCode).toBe(200);
    for (const role of ["learner", "instructor"] as const) {
      const other = await makeSignedInUser(t.app, t.db, role);
      expect((await listJobs("", other.auth)).statusCode).toBe(403);
      expect((await retry(id, other.auth)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/jobs" })).statusCode).toBe(401);
  });

  it("runs each job once when several pollers share the database", async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueue(100 + i)));
    const pollers: Outbox[] = [0, 1, 2].map(() => {
      const other = createOutbox({
        db: t.db,
        dialect: process.env.TEST_DIALECT === "postgres" ? "postgres" : "sqlite",
        now: () => clock,
        log: t.app.log,
        options: { pollMs: 0 },
      });
      other.register("test.count", {
        async run(payload) {
          const { n } = payload as { n: number };
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
      return other;
    });
    const done = await Promise.all([...pollers.map((p) => p.runDue()), t.app.outbox.runDue()]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(ids.length);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(ids.length);
  });

  it("recurring work proposed by several processes in one period becomes one job", async () => {
    const job = { type: "test.count", everyMs: 3_600_000 };
    const processes = [0, 1].map(() =>
      scheduleRecurring({ db: t.db, outbox: t.app.outbox, now: () => clock, log: t.app.log, jobs: [job] }),
    );
    await Promise.all(processes.map((p) => p.propose(job)));
    await processes[0].propose(job);
    expect(await t.db.selectFrom("outbox_jobs").select("unique_key").execute()).toEqual([
      { unique_key: "test.count:2030-01-01T10:00:00.000Z" },
    ]);
    advance(3_600_000);
    await processes[1].propose(job);
    expect(await t.db.selectFrom("outbox_jobs").select("id").execute()).toHaveLength(2);
    const notWanted = { ...job, wanted: async () => false };
    advance(3_600_000);
    await processes[0].propose(notWanted);
    expect(await t.db.selectFrom("outbox_jobs").select("id").execute()).toHaveLength(2);
  });
});

describe("e-mails of requests go through the queue", () => {
  it("with the mail server down a reset request succeeds; the e-mail arrives once it is back", async () => {
    const user = await makeUser(t.db);
    await smtp.stop();
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: user.email },
    });
    expect(answer.statusCode).toBe(200);
    const [job] = await t.db.selectFrom("outbox_jobs").selectAll().where("type", "=", "mail.send").execute();
    expect(job).toBeDefined();
    // The stored payload is sealed: a copy of the database does not give the reset link away.
    expect(job.payload).not.toContain("reset-password");
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({ status: "pending", attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    advance(RETRY_MS);
    expect(await t.app.outbox.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain(`To: ${user.email}`);
    expect(smtp.received[0]).toContain("http://lms.test/reset-password/");
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 2 });
  });
});

describe("user imports with several processes", () => {
  const importRow = (heartbeatAt: string | null) => ({
    id: newId(),
    admin_id: admin.user.id,
    status: "running",
    total: 3,
    created: 0,
    enrolled: 0,
    invited: 0,
    error: null,
    created_at: new Date().toISOString(),
    finished_at: null,
    heartbeat_at: heartbeatAt,
    processed: 0,
  });
  const importStatus = async (id: string) =>
    (await t.app.inject({ method: "GET", url: `/api/admin/users/import/${id}`, headers: admin.auth })).json().data.job
      .status;

  it("a start leaves another process's running import alone and fails one whose process stopped", async () => {
    const alive = importRow(new Date().toISOString());
    const stopped = importRow(new Date(Date.now() - 5 * 60_000).toISOString());
    await t.db.insertInto("user_imports").values([alive, stopped]).execute();
    const starting = createUserImportService({
      db: t.db,
      mail: { send: async () => true, deliverSoon: () => undefined },
      publicUrl: "http://lms.test",
      log: t.app.log,
    });
    await starting.failInterrupted();
    const rows = await t.db
      .selectFrom("user_imports")
      .select(["id", "status"])
      .where("id", "in", [alive.id, stopped.id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [alive.id]: "running",
      [stopped.id]: "failed",
    });
  });

  it("any process reports a running import's progress as the process running it last wrote it", async () => {
    const otherProcess = createUserImportService({
      db: t.db,
      mail: { send: async () => true, deliverSoon: () => undefined },
      publicUrl: "http://lms.test",
      log: t.app.log,
      heartbeatMs: 20,
    });
    const total = 120;
    const tag = newId();
    const csv = [
      "email,name,password",
      ...Array.from({ length: total }, (_, i) => `progress-${i}-${tag}@example.test,Imported Learner,Secret123`),
    ].join("\n");
    const started = await otherProcess.start(admin.user, Buffer.from(csv));
    // Passwords are hashed one after another (argon2), so the import runs long enough to be seen running.
    const whileRunning: number[] = [];
    await vi.waitFor(
      async () => {
        const response = await t.app.inject({
          method: "GET",
          url: `/api/admin/users/import/${started._id}`,
          headers: admin.auth,
        });
        const job = response.json().data.job;
        if (job.status === "running") whileRunning.push(job.processed);
        expect(job).toMatchObject({ status: "done", processed: total, created: total });
      },
      { timeout: 25_000, interval: 10 },
    );
    expect(whileRunning.some((processed) => processed > 0 && processed < total)).toBe(true);
    expect(whileRunning).toEqual([...whileRunning].sort((x, y) => x - y));
  });

  it("reading an import whose process stopped beating reports it failed", async () => {
    const alive = importRow(new Date().toISOString());
    const stopped = importRow(new Date(Date.now() - 5 * 60_000).toISOString());
    await t.db.insertInto("user_imports").values([alive, stopped]).execute();
    expect(await importStatus(alive.id)).toBe("running");
    expect(await importStatus(stopped.id)).toBe("failed");
  });
});
