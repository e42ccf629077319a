import { USER_IMPORT_LIMITS, USER_IMPORT_MESSAGES, type UserImportPreview } from "@lms/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { hashPassword } from "../../auth/passwords.js";
import { isUniqueViolation } from "../../db/errors.js";
import { newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { AppError, notFound } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { logActivities, logActivity } from "../activities/repo.js";
import { adjustCourseCounters, insertEnrollments, newEnrollment } from "../enrollments/repo.js";
import { countInRollups } from "../platform/rollups.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { parseImportFile } from "./import-parse.js";
import * as repo from "./import-repo.js";
import { type ImportUser, validateImport } from "./import-validate.js";
import { NO_PASSWORD, queueInvitation } from "./invitation.js";
import type { UserRow } from "./repo.js";

const BATCH = 500;
const HASHES_AT_ONCE = 4;
/**
 * A running import's process writes its progress this often, which also shows it is alive; every
 * process reads that row, so any of them reports the same progress. One silent for STALE_MS is taken
 * as interrupted.
 */
const HEARTBEAT_MS = 1_000;
const STALE_MS = 60_000;
const INTERRUPTED = "Interrupted by a server restart; nothing was imported.";

const batches = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

interface ImportDeps {
  db: Kysely<Database>;
  mail: MailQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}

export type UserImportService = ReturnType<typeof createUserImportService>;

/**
 * CSV user import (issue 11): a preview that lists every problem by line and column, then an
 * all-or-nothing import in the background with progress; invited users get a set-password e-mail.
 */
export function createUserImportService({ db, mail, publicUrl, log, heartbeatMs = HEARTBEAT_MS }: ImportDeps) {
  const staleBefore = () => new Date(Date.now() - STALE_MS).toISOString();
  /** Rows prepared so far by the imports this process runs (newer than what the heartbeat last wrote). */
  const progress = new Map<string, number>();

  async function check(actor: Actor, content: Buffer) {
    const parsed = await parseImportFile(content);
    if (parsed.problems.length > 0) return { problems: parsed.problems, users: [], rows: 0 };
    return { ...(await validateImport(db, actor, parsed.lines)), rows: parsed.lines.length };
  }

  /** Passwords are hashed before the transaction (argon2 is slow on purpose), a few at a time. */
  async function prepareRows(jobId: string, users: ImportUser[], now: string): Promise<UserRow[]> {
    const rows: UserRow[] = [];
    for (let i = 0; i < users.length; i += HASHES_AT_ONCE) {
      const slice = users.slice(i, i + HASHES_AT_ONCE);
      const hashes = await Promise.all(slice.map((u) => (u.password ? hashPassword(u.password) : NO_PASSWORD)));
      slice.forEach((u, j) => {
        rows.push({
          id: newId(),
          name: u.name,
          email: u.email,
          password_hash: hashes[j],
          role: u.role,
          status: "active",
          credits: u.credits,
          email_verified: toFlag(false),
          last_login: null,
          bio: null,
          location: null,
          phone: null,
          website: null,
          avatar: null,
          sessions_valid_after: null,
          created_at: now,
          updated_at: now,
        });
      });
      progress.set(jobId, rows.length);
    }
    return rows;
  }

  async function write(trx: Transaction<Database>, actor: Actor, users: ImportUser[], rows: UserRow[], now: string) {
    for (const part of batches(rows)) await trx.insertInto("users").values(part).execute();
    await countInRollups(
      trx,
      "users",
      rows.map((row) => ({ at: row.created_at })),
    );
    const enrollments = users.flatMap((u, i) =>
      u.courseIds.map((courseId) => newEnrollment(rows[i].id, courseId, now)),
    );
    for (const part of batches(enrollments)) await insertEnrollments(trx, part);
    const perCourse = new Map<string, number>();
    for (const e of enrollments) perCourse.set(e.course_id, (perCourse.get(e.course_id) ?? 0) + 1);
    for (const [courseId, count] of perCourse) await adjustCourseCounters(trx, courseId, { enrollments: count });
    for (const part of batches(enrollments)) {
      await logActivities(
        trx,
        part.map((e) => ({
          userId: e.user_id,
          type: "course_enrollment" as const,
          title: "Enrolled by an import",
          courseId: e.course_id,
          metadata: { addedBy: actor.id },
        })),
      );
    }
    const invites = users.flatMap((u, i) => (u.password ? [] : [rows[i]]));
    for (const user of invites) await queueInvitation(trx, { mail, publicUrl }, user, now);
    await logActivity(trx, {
      userId: actor.id,
      type: "admin_action",
      title: `Imported ${rows.length} users`,
      description: `${enrollments.length} enrollments, ${invites.length} invitations`,
      metadata: { action: "user_import", created: rows.length, enrolled: enrollments.length, invited: invites.length },
    });
    return { enrolled: enrollments.length, invites };
  }

  /** Invitations are queued in the import's transaction: sent (and retried) by jobs once it commits. */
  async function run(actor: Actor, jobId: string, users: ImportUser[]) {
    const now = nowIso();
    // One beat at a time: two in flight could commit out of order on a pool and show progress going back.
    let beating = false;
    const heartbeat = setInterval(() => {
      if (beating) return;
      beating = true;
      repo
        .beatImportJob(db, jobId, nowIso(), progress.get(jobId) ?? 0)
        .catch((error: unknown) => log.warn({ err: error, jobId }, "import heartbeat failed"))
        .finally(() => {
          beating = false;
        });
    }, heartbeatMs);
    try {
      const rows = await prepareRows(jobId, users, now);
      const { enrolled, invites } = await db.transaction().execute((trx) => write(trx, actor, users, rows, now));
      mail.deliverSoon();
      await repo.finishImportJob(db, jobId, {
        status: "done",
        created: rows.length,
        enrolled,
        invited: invites.length,
        finished_at: nowIso(),
      });
    } catch (error) {
      const message = isUniqueViolation(error)
        ? USER_IMPORT_MESSAGES.emailTakenMeanwhile
        : "The import failed; nothing was imported.";
      if (!isUniqueViolation(error)) log.error({ err: error, jobId }, "user import failed");
      await repo.finishImportJob(db, jobId, { status: "failed", error: String(message), finished_at: nowIso() });
    } finally {
      clearInterval(heartbeat);
      progress.delete(jobId);
    }
  }

  return {
    async preview(actor: Actor, content: Buffer): Promise<UserImportPreview> {
      const { problems, users, rows } = await check(actor, content);
      return {
        rows,
        invites: users.filter((u) => !u.password).length,
        enrollments: users.reduce((sum, u) => sum + u.courseIds.length, 0),
        problemCount: problems.length,
        problems: problems.slice(0, USER_IMPORT_LIMITS.problemsShown),
      };
    },

    /** Checks the file again (it may have changed since the preview); any problem refuses it all (400). */
    async start(actor: Actor, content: Buffer) {
      const { problems, users } = await check(actor, content);
      if (problems.length > 0) {
        const errors = problems
          .slice(0, USER_IMPORT_LIMITS.problemsShown)
          .map((p) => ({ path: `line ${p.row}: ${p.field}`, msg: p.message }));
        throw new AppError(400, USER_IMPORT_MESSAGES.problemsFound, errors);
      }
      const job: repo.ImportJobRow = {
        id: newId(),
        admin_id: actor.id,
        status: "running",
        total: users.length,
        created: 0,
        enrolled: 0,
        invited: 0,
        error: null,
        created_at: nowIso(),
        finished_at: null,
        heartbeat_at: nowIso(),
        processed: 0,
      };
      await repo.insertImportJob(db, job);
      progress.set(job.id, 0);
      void run(actor, job.id, users);
      return repo.presentImportJob(job, 0);
    },

    /** A running import another process stopped beating for is reported (and recorded) as failed. */
    async job(id: string) {
      let row = await repo.findImportJob(db, id);
      if (row?.status === "running" && !progress.has(id)) {
        await repo.failInterruptedImports(db, nowIso(), INTERRUPTED, staleBefore(), id);
        row = await repo.findImportJob(db, id);
      }
      if (!row) throw notFound(USER_IMPORT_MESSAGES.jobNotFound);
      return repo.presentImportJob(row, progress.get(id) ?? row.processed);
    },

    /** At start: imports left by a stopped process; never those another process is still running. */
    failInterrupted: () => repo.failInterruptedImports(db, nowIso(), INTERRUPTED, staleBefore()),
  };
}
