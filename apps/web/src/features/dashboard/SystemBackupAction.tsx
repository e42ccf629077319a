import type { Backup } from "@lms/contract";
import { DatabaseBackup } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBackupHistory, useStartBackup } from "@/api/backups";
import { useAuth } from "@/auth/auth-context";
import { mayDownloadBackups } from "@/auth/roles";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatSize } from "@/lib/format";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { BackupHistoryList } from "./BackupHistoryList";

/** Toasts the outcome of the backup this admin started, once it is known. */
function useOutcomeToast(
  startedId: string | null,
  backups: Backup[] | undefined,
  mayDownload: boolean,
  done: () => void,
) {
  const started = backups?.find((backup) => backup._id === startedId);
  const { t } = useTranslation("dashboard");
  useEffect(() => {
    if (!started || started.status === "running") return;
    if (started.status === "succeeded") {
      const size = formatSize(started.size ?? 0);
      toast.success(t("backup.complete"), {
        description: mayDownload ? t("backup.ready", { size }) : t("backup.readyKept", { size }),
      });
    } else {
      toast.error(t("backup.failed"), { description: started.error ?? t("backup.notWritten") });
    }
    done();
  }, [started, mayDownload, done, t]);
}

/**
 * The dashboard's System Backup: opening it shows the history; a backup starts only from its own
 * button, after a confirmation that says how many manual archives are kept.
 */
export function SystemBackupAction() {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [startedId, setStartedId] = useState<string | null>(null);
  const history = useBackupHistory(open);
  const start = useStartBackup();
  const { t } = useTranslation("dashboard");
  const { user } = useAuth();
  const mayDownload = user ? mayDownloadBackups(user.role) : false;
  useOutcomeToast(startedId, history.data?.backups, mayDownload, () => setStartedId(null));

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (backup) => {
        setConfirming(false);
        setStartedId(backup._id);
        toast.success(t("backup.started"), { description: t("backup.startedDetail") });
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(t("backup.notStarted"), { description: failureText(error, t("backup.notStartedDetail")) });
      },
    });
  const running = history.data?.backups.some((backup) => backup.status === "running") ?? false;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex w-full items-center gap-3 rounded-lg border p-3 text-left font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <DatabaseBackup aria-hidden="true" className="size-5 text-primary" />
        <span className="flex-1">{t("backup.action")}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{t("backup.dialogTitle")}</DialogTitle>
            <DialogDescription>
              {t("backup.dialogDescription")}{" "}
              <code className="rounded bg-muted px-1">npm run restore -- &lt;file&gt;</code>.
            </DialogDescription>
          </DialogHeader>
          <div className="max-h-[60vh] overflow-y-auto">
            {history.isPending ? (
              <Spinner label={t("backup.loading")} />
            ) : history.isError ? (
              <ErrorState title={t("backup.loadFailed")} onRetry={() => void history.refetch()} />
            ) : history.data.backups.length === 0 ? (
              <EmptyState icon={DatabaseBackup} title={t("backup.empty")} description={t("backup.emptyHint")} />
            ) : (
              <BackupHistoryList backups={history.data.backups} mayDownload={mayDownload} />
            )}
          </div>
          <DialogFooter>
            <Button onClick={() => setConfirming(true)} disabled={start.isPending || running || !history.data}>
              {running ? t("backup.running") : t("backup.now")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("backup.confirmTitle")}
        description={t("backup.confirmDescription", { count: history.data?.retention.manual ?? 0 })}
        confirmLabel={t("backup.now")}
        busy={start.isPending}
        onConfirm={begin}
      />
    </>
  );
}
