import {
  BACKUP_MESSAGES,
  backupHistoryQuerySchema,
  backupHistoryResponseSchema,
  backupParamsSchema,
  backupResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Db } from "../../db/connection.js";
import { failures, pagination } from "../../http/failures.js";
import type { Outbox } from "../../outbox/outbox.js";
import { scheduleRecurring } from "../../outbox/recurring.js";
import { canDownloadBackups, canManageBackups } from "../../policies/index.js";
import type { Storage } from "../../storage/storage.js";
import { registerBackupJobs, scheduledBackupJob, startBackup } from "./jobs.js";
import { presentBackup } from "./present.js";
import type { BackupRetention } from "./repo.js";
import { createBackupService } from "./service.js";

const secured = { tags: ["admin"], security: [{ bearerAuth: [] }] };

export interface BackupRoutesOptions {
  database: Db;
  guard: Guard;
  uploads: Storage;
  /** Where archives are written and read: a bucket's `backups/` with S3, else DATA_DIR/backups. */
  archives: Storage;
  retention: BackupRetention;
  /** Signs each archive's manifest (config `backupKey`). */
  backupKey: string;
  /** Proposes scheduled backups from this process (off in tests, which drive the schedule themselves). */
  schedule: boolean;
  outbox: Outbox;
  now: () => Date;
}

/** Backups (issue 11): start one, list them, download an archive; the schedule and the writing are jobs. */
export async function backupRoutes(app: FastifyInstance, options: BackupRoutesOptions): Promise<void> {
  const backups = createBackupService({
    database: options.database,
    uploads: options.uploads,
    archives: options.archives,
    retention: options.retention,
    key: options.backupKey,
    now: options.now,
    log: app.log,
  });
  const { outbox } = options;
  registerBackupJobs(outbox, backups);
  if (options.schedule) {
    const { db } = options.database;
    const recurring = scheduleRecurring({
      db,
      outbox,
      now: options.now,
      log: app.log,
      jobs: [scheduledBackupJob(backups)],
    });
    app.addHook("onReady", async () => recurring.start());
    app.addHook("onClose", async () => recurring.stop());
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(options.guard, canManageBackups);

  r.post(
    "/admin/backup",
    {
      onRequest,
      config: { touchesNoCachedData: true },
      schema: {
        ...secured,
        description:
          "Starts a backup of the database (one consistent snapshot) and the uploaded files, written in the " +
          "background to DATA_DIR/backups as a .tar.gz; answers 202 with the running backup (poll the history). " +
          "409 while another backup runs.",
        response: { 202: backupResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await startBackup({ db: options.database.db, outbox, backups }, { id: user.id, name: user.name });
      return reply
        .status(202)
        .send({ success: true as const, data: { backup: presentBackup(row) }, message: BACKUP_MESSAGES.started.text });
    },
  );

  r.get(
    "/admin/backup/history",
    {
      onRequest,
      schema: {
        ...secured,
        querystring: backupHistoryQuerySchema,
        response: { 200: backupHistoryResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await backups.history(page, limit);
      return {
        success: true as const,
        data: {
          backups: rows.map(presentBackup),
          pagination: pagination({ page, limit }, total),
          retention: options.retention,
        },
      };
    },
  );

  r.get(
    "/admin/backup/:id/download",
    {
      onRequest: allowOnly(options.guard, canDownloadBackups, BACKUP_MESSAGES.downloadSuperAdminOnly),
      schema: {
        ...secured,
        description:
          "The backup's .tar.gz archive, streamed (super admins only: it holds every password hash; send the " +
          "bearer token).",
        params: backupParamsSchema,
      },
    },
    async (request, reply) => {
      const { row, stream } = await backups.archive(request.params.id);
      const stamp = row.started_at.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
      return reply
        .header("content-type", "application/gzip")
        .header("content-length", String(row.size))
        .header("content-disposition", `attachment; filename="lms-backup-${stamp}.tar.gz"`)
        .header("x-checksum-sha256", row.sha256 ?? "")
        .send(stream);
    },
  );
}
