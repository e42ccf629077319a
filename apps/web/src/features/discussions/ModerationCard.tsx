import type { DiscussionSettings } from "@lms/contract";
import { Bell, BellOff, Flag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  useCourseSubscription,
  useDiscussionReports,
  useDiscussionSettings,
  useDismissReport,
} from "@/api/discussions";
import { messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { timeAgo } from "@/lib/time-ago";
import { toast } from "@/lib/toast";

/** For the course's managers: the open reports, the course-wide subscription and the Q&A setting. */
export function ModerationCard({
  courseId,
  subscribed,
  settings,
}: {
  courseId: string;
  subscribed: boolean;
  settings: DiscussionSettings;
}) {
  const { t } = useTranslation("discussions");
  const reports = useDiscussionReports(courseId, true);
  const dismiss = useDismissReport(courseId);
  const subscription = useCourseSubscription(courseId);
  const save = useDiscussionSettings(courseId);
  const failed = (failure: unknown) => toast.error(messageOf(failure, t("post.actionFailed")));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("moderation.title")}</CardTitle>
        <CardDescription>{t("moderation.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={subscription.isPending}
            onClick={() => subscription.mutate(!subscribed, { onError: failed })}
          >
            {subscribed ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
            {subscribed ? t("moderation.unsubscribeCourse") : t("moderation.subscribeCourse")}
          </Button>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1 accent-primary"
            checked={settings.postBeforeView}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(
                { postBeforeView: event.target.checked },
                { onSuccess: () => toast.success(t("moderation.saved")), onError: failed },
              )
            }
          />
          <span>
            <span className="font-medium">{t("moderation.postBeforeView")}</span>
            <span className="block text-muted-foreground">{t("moderation.postBeforeViewHint")}</span>
          </span>
        </label>
        <h3 className="font-medium">{t("moderation.reports")}</h3>
        {reports.isPending ? (
          <Skeleton className="h-16 w-full" role="status" aria-label={t("moderation.reportsLoading")} />
        ) : reports.isError ? (
          <ErrorState
            title={t("moderation.reportsFailed")}
            description={messageOf(reports.error, t("moderation.reportsFailed"))}
            onRetry={() => void reports.refetch()}
          />
        ) : reports.data.length === 0 ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Flag aria-hidden="true" className="size-4" />
            {t("moderation.noReports")}
          </p>
        ) : (
          <ul className="grid gap-2">
            {reports.data.map((report) => (
              <li key={report._id} className="grid gap-1 rounded-md border p-3 text-sm">
                <span className="font-medium break-words">{report.threadTitle}</span>
                <span className="break-words text-muted-foreground">“{report.excerpt}”</span>
                <span className="text-muted-foreground text-xs">
                  {t("moderation.reportMeta", {
                    author: report.postAuthor?.name ?? t("thread.formerUser"),
                    reporter: report.reporter.name,
                    when: timeAgo(report.createdAt),
                  })}
                </span>
                {report.reason && <span className="break-words">{report.reason}</span>}
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link to={`?tab=discussions&thread=${report.threadId}`}>{t("moderation.open")}</Link>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={dismiss.isPending}
                    onClick={() => dismiss.mutate(report._id, { onError: failed })}
                  >
                    {t("moderation.dismiss")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
