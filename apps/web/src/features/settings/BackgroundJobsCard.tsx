import type { Job } from "@lms/contract";
import { CircleCheck, RotateCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFailedJobs, useRetryJob } from "@/api/jobs";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/datetime";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

const JOB_TYPES = [
  "mail.send",
  "notification.email",
  "session.mail",
  "recording.import",
  "backup.run",
  "backup.scheduled",
  "activity.retention",
  "jobs.prune",
  "storage.sweep",
] as const;
const isKnownType = (type: string): type is (typeof JOB_TYPES)[number] =>
  (JOB_TYPES as readonly string[]).includes(type);

function FailedJob({ job }: { job: Job }) {
  const { t } = useTranslation("settings");
  const retry = useRetryJob();
  const name = isKnownType(job.type) ? t(`jobs.names.${job.type}`) : job.type;
  const run = () =>
    retry.mutate(job._id, {
      onSuccess: () => toast.success(t("jobs.queuedTitle"), { description: t("jobs.queuedBody", { name }) }),
      onError: (error) =>
        toast.error(t("jobs.notRetriedTitle"), { description: failureText(error, t("jobs.notRetriedBody")) }),
    });
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          <span>{name}</span>{" "}
          <code className="ml-1 rounded bg-muted px-1 text-muted-foreground text-xs">{job.type}</code>
        </p>
        <p className="break-words text-destructive text-sm">{job.lastError ?? t("jobs.noError")}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-muted-foreground text-xs">
          <dt>{t("jobs.attempts")}</dt>
          <dd>{t("jobs.attemptsOf", { attempts: job.attempts, max: job.maxAttempts })}</dd>
          <dt>{t("jobs.queued")}</dt>
          <dd>{formatDateTime(job.createdAt)}</dd>
          <dt>{t("jobs.failed")}</dt>
          <dd>{formatDateTime(job.updatedAt)}</dd>
          <dt>{t("jobs.jobId")}</dt>
          <dd className="break-all font-mono">{job._id}</dd>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={run}
        disabled={retry.isPending}
        aria-label={t("jobs.retryLabel", { name, id: job._id })}
      >
        <RotateCw aria-hidden="true" />
        {t("jobs.retry")}
      </Button>
    </li>
  );
}

/** Admins' view of the job queue: the jobs that failed their last attempt, each with a Retry button. */
export function BackgroundJobsCard() {
  const { t } = useTranslation("settings");
  const [page, setPage] = useState(1);
  const failed = useFailedJobs(page);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">{t("jobs.title")}</CardTitle>
        <CardDescription>{t("jobs.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {failed.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label={t("jobs.loading")}>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : failed.isError ? (
          <ErrorState title={t("jobs.loadFailed")} onRetry={() => void failed.refetch()} />
        ) : failed.data.jobs.length === 0 ? (
          <EmptyState icon={CircleCheck} title={t("jobs.emptyTitle")} description={t("jobs.emptyBody")} />
        ) : (
          <>
            <p className="text-muted-foreground text-sm">{t("jobs.count", { count: failed.data.pagination.total })}</p>
            <ul className="space-y-3" aria-label={t("jobs.list")}>
              {failed.data.jobs.map((job) => (
                <FailedJob key={job._id} job={job} />
              ))}
            </ul>
            <Pagination page={page} pages={failed.data.pagination.pages} onPage={setPage} label={t("jobs.pages")} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
