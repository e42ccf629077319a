import type { FastifyBaseLogger } from "fastify";
import type { BackupService } from "./service.js";

/** How often the scheduler asks whether a backup is due (the due time itself comes from the data). */
const SCHEDULER_TICK_MS = 60_000;

/**
 * Scheduled backups in process. Nothing is kept in memory between ticks: each tick derives "due"
 * from the last successful backup and `backupFrequency`, so a restart changes nothing, and the
 * backup lock keeps two processes on one database from both running it.
 */
export function startBackupScheduler(backups: BackupService, log: FastifyBaseLogger) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = backups
      .runIfDue()
      .then((row) => row && log.info({ backupId: row.id, status: row.status }, "scheduled backup"))
      .catch((error: unknown) => log.warn({ err: error }, "scheduled backup check failed"));
  }, SCHEDULER_TICK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
