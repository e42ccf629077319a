import type { BACKUP_FREQUENCIES } from "@lms/contract";

export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

const HOUR = 3_600_000;
/** After a failed scheduled backup, the next try waits this long (not every tick). */
const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

/** When the next scheduled backup is due: one period after the last successful one, or now if none. */
export function nextBackupDue(frequency: BackupFrequency, lastSuccess: Date | null, now: Date): Date {
  if (!lastSuccess) return now;
  const next = new Date(lastSuccess);
  if (frequency === "hourly") next.setTime(next.getTime() + HOUR);
  if (frequency === "daily") next.setTime(next.getTime() + 24 * HOUR);
  if (frequency === "weekly") next.setTime(next.getTime() + 7 * 24 * HOUR);
  if (frequency === "monthly") next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Whether a scheduled backup should start now, given the last success and the last failure. */
export function isBackupDue(
  frequency: BackupFrequency,
  last: { success: Date | null; failure: Date | null },
  now: Date,
): boolean {
  if (nextBackupDue(frequency, last.success, now) > now) return false;
  return !last.failure || now.getTime() - last.failure.getTime() >= RETRY_AFTER_FAILURE_MS;
}
