import { Activity, History } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useRecentActivity } from "@/api/admin-analytics";
import { timeAgo } from "@/lib/time-ago";
import { DashboardListCard } from "./DashboardListCard";

const RECENT_ACTIVITY_SHOWN = 6;
const typeLabel = (type: string) => type.replaceAll("_", " ");

/** The newest entries of the activity log: who did what, in which course, how long ago. */
export function RecentActivity() {
  const query = useRecentActivity(RECENT_ACTIVITY_SHOWN);
  const { t } = useTranslation("dashboard");
  return (
    <DashboardListCard
      id="recent-activity-title"
      title={t("activity.title")}
      viewAllTo="/activity"
      query={query}
      items={query.data}
      placeholders={RECENT_ACTIVITY_SHOWN}
      loadingLabel={t("activity.loading")}
      errorTitle={t("activity.loadFailed")}
      empty={{
        icon: History,
        title: t("activity.empty"),
        actionTo: "/activity",
        actionIcon: Activity,
        actionLabel: t("activity.log"),
      }}
      itemKey={(entry) => entry._id}
      renderItem={(entry) => (
        <div data-testid="recent-activity" className="grid gap-0.5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="min-w-0 break-words font-medium">{entry.title}</p>
            <time dateTime={entry.createdAt} className="shrink-0 text-muted-foreground text-xs">
              {timeAgo(entry.createdAt)}
            </time>
          </div>
          <p className="break-words text-muted-foreground text-sm">
            <span className="capitalize">{typeLabel(entry.type)}</span>
            {entry.user && <> · {entry.user.name}</>}
            {entry.course && <> · {entry.course.title}</>}
          </p>
        </div>
      )}
    />
  );
}
