import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { Outbox } from "../../outbox/outbox.js";
import type { RecurringJob } from "../../outbox/recurring.js";
import type { BackupService } from "./service.js";

export const BACKUP_RUN_JOB = "backup.run";
export const BACKUP_SCHEDULED_JOB = "backup.scheduled";
/** How often each process asks whether a scheduled backup is due (the due time itself comes from the data). */
const SCHEDULE_CHECK_MS = 60_000;

interface BackupRunPayload {
  backupId: string;
}

/**
 * Backups run as jobs: a manual one is recorded by the request and written by its job; a scheduled
 * one is proposed by every process's check when due (one job per minute's key), and its job runs
 * `runIfDue`, whose lock and second due check keep it to one backup.
 */
export function registerBackupJobs(outbox: Outbox, backups: BackupService) {
  outbox.register(BACKUP_RUN_JOB, {
    run: (payload) => backups.runStarted((payload as BackupRunPayload).backupId),
  });
  outbox.register(BACKUP_SCHEDULED_JOB, {
    run: async () => void (await backups.runIfDue()),
  });
}

export const scheduledBackupJob = (backups: BackupService): RecurringJob => ({
  type: BACKUP_SCHEDULED_JOB,
  everyMs: SCHEDULE_CHECK_MS,
  wanted: backups.isDue,
});

/** Starts a manual backup: its row and its job (409 while another runs). */
export async function startBackup(
  deps: { db: Kysely<Database>; outbox: Outbox; backups: BackupService },
  actor: { id: string; name: string },
) {
  const row = await deps.backups.start(actor);
  await deps.outbox.enqueue(deps.db, BACKUP_RUN_JOB, { backupId: row.id } satisfies BackupRunPayload);
  deps.outbox.kick();
  return row;
}
