import { CircleCheck, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOrphanReport, useSweepOrphans } from "@/api/storage-sweep";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatSize } from "@/lib/format";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

/**
 * The orphan sweep for admins: how many stored files no row points at (a dry run, nothing removed)
 * with a sample of their names, and a confirmed button that removes them now.
 */
export function OrphanedFilesCard() {
  const { t } = useTranslation("settings");
  const report = useOrphanReport();
  const sweep = useSweepOrphans();
  const [confirming, setConfirming] = useState(false);
  const remove = () =>
    sweep.mutate(undefined, {
      onSuccess: (done) => {
        setConfirming(false);
        toast.success(t("orphans.removedTitle"), {
          description: t("orphans.removedBody", { count: done.removed, size: formatSize(done.bytes) }),
        });
      },
      onError: (error) =>
        toast.error(t("orphans.notRemovedTitle"), { description: failureText(error, t("orphans.notRemovedBody")) }),
    });
  return (
    <Card data-testid="orphaned-files">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 pb-4">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="text-base">{t("orphans.title")}</CardTitle>
          <CardDescription>{t("orphans.description")}</CardDescription>
        </div>
        <Button size="sm" variant="ghost" onClick={() => void report.refetch()} disabled={report.isFetching}>
          <RefreshCw aria-hidden="true" className={report.isFetching ? "animate-spin" : undefined} />
          {t("orphans.checkAgain")}
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        {report.isPending ? (
          <div role="status" aria-busy="true" aria-label={t("orphans.loading")}>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : report.isError ? (
          <ErrorState title={t("orphans.loadFailed")} onRetry={() => void report.refetch()} />
        ) : report.data.count === 0 ? (
          <EmptyState
            icon={CircleCheck}
            title={t("orphans.emptyTitle")}
            description={t("orphans.emptyBody", { minutes: report.data.graceMinutes })}
          />
        ) : (
          <>
            <p data-testid="orphan-summary">
              {t("orphans.summary", { count: report.data.count, size: formatSize(report.data.bytes) })}
            </p>
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">{t("orphans.sample")}</summary>
              <ul className="mt-2 space-y-1">
                {report.data.sample.map((key) => (
                  <li key={key} className="break-all font-mono text-xs">
                    {key}
                  </li>
                ))}
              </ul>
            </details>
            <p className="text-muted-foreground text-sm">{t("orphans.grace", { minutes: report.data.graceMinutes })}</p>
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              {t("orphans.remove")}
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={t("orphans.confirmTitle")}
              description={t("orphans.confirmBody", { count: report.data.count })}
              confirmLabel={t("orphans.remove")}
              busy={sweep.isPending}
              onConfirm={remove}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
