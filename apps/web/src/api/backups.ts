import type { Backup, BackupRetention, Pagination } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { downloadFile } from "./download";

const BACKUP_POLL_MS = 1000;
export const BACKUP_HISTORY_SIZE = 5;

/** The newest backups; asked for again every second while one of them runs. */
export const useBackupHistory = (enabled: boolean) =>
  useQuery({
    queryKey: ["backups", "history"],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ backups: Backup[]; pagination: Pagination; retention: BackupRetention }>(
          `/admin/backup/history?page=1&limit=${BACKUP_HISTORY_SIZE}`,
          signal,
        )
      ).data,
    refetchInterval: (query) =>
      query.state.data?.backups.some((backup) => backup.status === "running") ? BACKUP_POLL_MS : false,
  });

/** Starts a backup; the server answers at once with the running backup. */
export function useStartBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ backup: Backup }>("/admin/backup")).data.backup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["backups", "history"] }),
  });
}

export const downloadBackup = (backup: Backup) =>
  downloadFile(
    `/admin/backup/${backup._id}/download`,
    `lms-backup-${backup.startedAt.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.tar.gz`,
  );
