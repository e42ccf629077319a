import type { Backup } from "@lms/contract";
import { DatabaseBackup } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { useBackupHistory, useStartBackup } from "@/api/backups";
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
import { BackupHistoryList } from "./BackupHistoryList";

/** Toasts the outcome of the backup this admin started, once it is known. */
function useOutcomeToast(startedId: string | null, backups: Backup[] | undefined, done: () => void) {
  const started = backups?.find((backup) => backup._id === startedId);
  useEffect(() => {
    if (!started || started.status === "running") return;
    if (started.status === "succeeded") {
      toast.success("Backup complete", { description: `${formatSize(started.size ?? 0)} archive ready to download` });
    } else {
      toast.error("Backup failed", { description: started.error ?? "The backup could not be written" });
    }
    done();
  }, [started, done]);
}

/** The dashboard's System Backup: starts a backup and shows its progress, outcome and the history. */
export function SystemBackupAction() {
  const [open, setOpen] = useState(false);
  const [startedId, setStartedId] = useState<string | null>(null);
  const history = useBackupHistory(open);
  const start = useStartBackup();
  useOutcomeToast(startedId, history.data?.backups, () => setStartedId(null));

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (backup) => {
        setStartedId(backup._id);
        toast.success("Backup started", { description: "The database and files are being copied." });
      },
      onError: (error) =>
        toast.error("Backup not started", { description: failureText(error, "The backup could not be started") }),
    });
  const running = history.data?.backups.some((backup) => backup.status === "running") ?? false;

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          begin();
        }}
        className="flex w-full items-center gap-3 rounded-lg border p-3 text-left font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <DatabaseBackup aria-hidden="true" className="size-5 text-primary" />
        <span className="flex-1">System Backup</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>System backup</DialogTitle>
            <DialogDescription>
              A copy of the database and every uploaded file, kept on the server. Restore one with{" "}
              <code className="rounded bg-muted px-1">npm run restore -- &lt;file&gt;</code>.
            </DialogDescription>
          </DialogHeader>
          <div className="max-h-[60vh] overflow-y-auto">
            {history.isPending ? (
              <Spinner label="Loading backups" />
            ) : history.isError ? (
              <ErrorState title="Backups could not be loaded" onRetry={() => void history.refetch()} />
            ) : history.data.backups.length === 0 ? (
              <EmptyState icon={DatabaseBackup} title="No backups yet" description="Start the first one below." />
            ) : (
              <BackupHistoryList backups={history.data.backups} />
            )}
          </div>
          <DialogFooter>
            <Button onClick={begin} disabled={start.isPending || running}>
              {running ? "Backup running…" : "Back up now"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
