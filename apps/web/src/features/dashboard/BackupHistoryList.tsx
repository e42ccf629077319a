import type { Backup } from "@lms/contract";
import { Download } from "lucide-react";
import { toast } from "sonner";
import { downloadBackup } from "@/api/backups";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { formatSize } from "@/lib/format";
import { failureText } from "@/lib/server-errors";

const STATUS_LABELS: Record<Backup["status"], string> = {
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
};
const STATUS_VARIANTS = { running: "secondary", succeeded: "success", failed: "outline" } as const;

function details(backup: Backup): string {
  if (backup.status === "failed") return backup.error ?? "The backup failed";
  if (backup.status === "running") return "Copying the database and the files…";
  const parts = [formatSize(backup.size ?? 0), `${backup.rows ?? 0} rows`, `${backup.files ?? 0} files`];
  if (!backup.downloadable) parts.push("archive removed by retention");
  return parts.join(" · ");
}

/** The newest backups with their outcome, who took them and a download of each kept archive. */
export function BackupHistoryList({ backups }: { backups: Backup[] }) {
  const download = (backup: Backup) =>
    downloadBackup(backup).catch((error: unknown) =>
      toast.error("Download failed", { description: failureText(error, "The archive could not be downloaded") }),
    );
  return (
    <ul className="grid gap-2" aria-label="Backup history">
      {backups.map((backup) => (
        <li key={backup._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3 text-sm">
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <p className="font-medium">
              {formatDateTime(backup.startedAt)}
              <span className="font-normal text-muted-foreground">
                {" "}
                · {backup.createdBy ? backup.createdBy.name : "Scheduled"}
              </span>
            </p>
            <p className="break-words text-muted-foreground">{details(backup)}</p>
          </div>
          <Badge variant={STATUS_VARIANTS[backup.status]}>{STATUS_LABELS[backup.status]}</Badge>
          {backup.downloadable && (
            <Button variant="outline" size="sm" onClick={() => download(backup)}>
              <Download aria-hidden="true" />
              Download<span className="sr-only"> the backup of {formatDateTime(backup.startedAt)}</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
