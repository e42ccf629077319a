import type { Backup } from "@lms/contract";
import type { TFunction } from "i18next";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { downloadBackup } from "@/api/backups";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { formatSize } from "@/lib/format";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

const STATUS_VARIANTS = { running: "secondary", succeeded: "success", failed: "outline" } as const;

function details(backup: Backup, t: TFunction<"dashboard">): string {
  if (backup.status === "failed") return backup.error ?? t("backup.failedDetail");
  if (backup.status === "running") return t("backup.runningDetail");
  const parts = [
    formatSize(backup.size ?? 0),
    t("backup.rows", { count: backup.rows ?? 0 }),
    t("backup.files", { count: backup.files ?? 0 }),
  ];
  if (!backup.downloadable) parts.push(t("backup.removedByRetention"));
  return parts.join(" · ");
}

/**
 * The newest backups with their outcome, who took them and, for a super admin, a download of each
 * kept archive; other admins are told why there is none.
 */
export function BackupHistoryList({ backups, mayDownload }: { backups: Backup[]; mayDownload: boolean }) {
  const { t } = useTranslation("dashboard");
  const download = (backup: Backup) =>
    downloadBackup(backup).catch((error: unknown) =>
      toast.error(t("backup.downloadFailed"), { description: failureText(error, t("backup.downloadFailedDetail")) }),
    );
  return (
    <>
      {!mayDownload && <p className="mb-2 text-muted-foreground text-sm">{t("backup.downloadSuperAdminOnly")}</p>}
      <ul className="grid gap-2" aria-label={t("backup.history")}>
        {backups.map((backup) => (
          <li key={backup._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3 text-sm">
            <div className="w-full min-w-0 sm:w-auto sm:flex-1">
              <p className="font-medium">
                {formatDateTime(backup.startedAt)}
                <span className="font-normal text-muted-foreground">
                  {" "}
                  · {backup.createdBy ? backup.createdBy.name : t("backup.scheduled")}
                </span>
              </p>
              <p className="break-words text-muted-foreground">{details(backup, t)}</p>
            </div>
            <Badge variant={STATUS_VARIANTS[backup.status]}>{t(`backup.status.${backup.status}`)}</Badge>
            {mayDownload && backup.downloadable && (
              <Button variant="outline" size="sm" onClick={() => download(backup)}>
                <Download aria-hidden="true" />
                {t("backup.download")}
                <span className="sr-only"> {t("backup.downloadOf", { date: formatDateTime(backup.startedAt) })}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
