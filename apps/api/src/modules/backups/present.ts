import type { Backup } from "@lms/contract";
import type { BackupRow } from "./repo.js";

export function presentBackup(row: BackupRow): Backup {
  return {
    _id: row.id,
    status: row.status as Backup["status"],
    trigger: row.trigger as Backup["trigger"],
    createdBy: row.created_by ? { _id: row.created_by, name: row.created_by_name ?? "" } : null,
    size: row.size === null ? null : Number(row.size),
    checksum: row.sha256,
    tables: row.tables,
    rows: row.rows === null ? null : Number(row.rows),
    files: row.files,
    error: row.error,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    downloadable: row.status === "succeeded" && row.removed_at === null && row.storage_key !== null,
  };
}
