import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope, paginationQuerySchema, paginationSchema } from "./common.js";
import { OBJECT_ID_PATTERN } from "./constants.js";

export const BACKUP_STATES = ["running", "succeeded", "failed"] as const;
export const BACKUP_TRIGGERS = ["manual", "scheduled"] as const;

export const BACKUP_MESSAGES = messageGroup("BACKUP_MESSAGES", {
  started: "Backup started",
  finished: "Backup complete",
  alreadyRunning: "A backup is already running; try again when it has finished",
  notFound: "Backup not found",
  notDownloadable: "This backup has no archive to download (it failed or was removed by the retention count)",
  downloadSuperAdminOnly:
    "Only a super admin may download a backup archive: it holds every password hash and two-factor secret",
});

export const backupSchema = z.object({
  _id: z.string(),
  status: z.enum(BACKUP_STATES),
  trigger: z.enum(BACKUP_TRIGGERS),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Bytes of the .tar.gz archive. */
  size: z.number().int().nullable(),
  /** SHA-256 of the archive, hex. */
  checksum: z.string().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  files: z.number().int().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Whether the archive can still be downloaded. */
  downloadable: z.boolean(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupResponseSchema = envelope(z.object({ backup: backupSchema }));
export const backupHistoryQuerySchema = paginationQuerySchema;
/** How many archives each kind of backup keeps; a manual backup never removes a scheduled archive. */
export const backupRetentionSchema = z.object({ scheduled: z.number().int(), manual: z.number().int() });
export type BackupRetention = z.infer<typeof backupRetentionSchema>;
export const backupHistoryResponseSchema = envelope(
  z.object({ backups: z.array(backupSchema), pagination: paginationSchema, retention: backupRetentionSchema }),
);
export const backupParamsSchema = z.object({
  id: z.string().regex(OBJECT_ID_PATTERN, "Invalid ID format").toLowerCase(),
});
