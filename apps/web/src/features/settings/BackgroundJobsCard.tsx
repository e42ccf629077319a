import type { Job } from "@lms/contract";
import { CircleCheck, RotateCw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useFailedJobs, useRetryJob } from "@/api/jobs";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/datetime";
import { failureText } from "@/lib/server-errors";

const JOB_NAMES: Record<string, string> = {
  "mail.send": "E-mail",
  "notification.email": "Notification e-mails",
  "session.mail": "Live session e-mails",
  "recording.import": "Recording import",
  "backup.run": "Backup",
  "backup.scheduled": "Scheduled backup",
  "activity.retention": "Activity log pruning",
  "jobs.prune": "Job history clean-up",
};

function FailedJob({ job }: { job: Job }) {
  const retry = useRetryJob();
  const name = JOB_NAMES[job.type] ?? job.type;
  const run = () =>
    retry.mutate(job._id, {
      onSuccess: () => toast.success("Job queued again", { description: `${name} will run again shortly.` }),
      onError: (error) =>
        toast.error("Job not retried", { description: failureText(error, "The job could not be queued again") }),
    });
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          <span>{name}</span>{" "}
          <code className="ml-1 rounded bg-muted px-1 text-muted-foreground text-xs">{job.type}</code>
        </p>
        <p className="break-words text-destructive text-sm">{job.lastError ?? "No error was recorded"}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-muted-foreground text-xs">
          <dt>Attempts</dt>
          <dd>
            {job.attempts} of {job.maxAttempts}
          </dd>
          <dt>Queued</dt>
          <dd>{formatDateTime(job.createdAt)}</dd>
          <dt>Failed</dt>
          <dd>{formatDateTime(job.updatedAt)}</dd>
          <dt>Job id</dt>
          <dd className="break-all font-mono">{job._id}</dd>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={run}
        disabled={retry.isPending}
        aria-label={`Retry ${name} job ${job._id}`}
      >
        <RotateCw aria-hidden="true" />
        Retry
      </Button>
    </li>
  );
}

/** Admins' view of the job queue: the jobs that failed their last attempt, each with a Retry button. */
export function BackgroundJobsCard() {
  const [page, setPage] = useState(1);
  const failed = useFailedJobs(page);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Background jobs</CardTitle>
        <CardDescription>
          E-mails, recording imports, backups and clean-ups run after the request that asked for them, and are retried
          when they fail. Those that failed every attempt are listed here.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {failed.isPending ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading failed jobs">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : failed.isError ? (
          <ErrorState title="Jobs could not be loaded" onRetry={() => void failed.refetch()} />
        ) : failed.data.jobs.length === 0 ? (
          <EmptyState
            icon={CircleCheck}
            title="No failed jobs"
            description="Every background job has run or is queued."
          />
        ) : (
          <>
            <p className="text-muted-foreground text-sm">
              {failed.data.pagination.total} failed {failed.data.pagination.total === 1 ? "job" : "jobs"}
            </p>
            <ul className="space-y-3" aria-label="Failed jobs">
              {failed.data.jobs.map((job) => (
                <FailedJob key={job._id} job={job} />
              ))}
            </ul>
            <Pagination page={page} pages={failed.data.pagination.pages} onPage={setPage} label="Failed jobs pages" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
