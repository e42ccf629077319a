import { ClipboardList, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDashboardAssessments } from "@/api/assessments";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/datetime";
import { DashboardListCard } from "./DashboardListCard";

export const DASHBOARD_ASSESSMENTS = 5;

/** The instructor dashboard's newest assessments (first 5) with View All (spec §2). */
export function RecentAssessmentsCard() {
  const query = useDashboardAssessments(DASHBOARD_ASSESSMENTS);
  const { t } = useTranslation("dashboard");
  return (
    <DashboardListCard
      id="assessments-title"
      title={t("assessments.title")}
      viewAllTo="/instructor/assessments"
      query={query}
      items={query.data?.assessments}
      placeholders={3}
      loadingLabel={t("assessments.loading")}
      errorTitle={t("assessments.loadFailed")}
      empty={{
        icon: ClipboardList,
        title: t("assessments.empty"),
        actionTo: "/instructor/assessments/new",
        actionIcon: Plus,
        actionLabel: t("assessments.create"),
      }}
      itemKey={(assessment) => assessment._id}
      renderItem={(assessment) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={`/courses/${assessment.courseId}`}
              className="break-words font-medium hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {assessment.title}
            </Link>
            <Badge variant="secondary">{t(`assessments.types.${assessment.type}`)}</Badge>
            {!assessment.published && <Badge variant="outline">{t("assessments.draft")}</Badge>}
          </div>
          <p className="truncate text-muted-foreground text-xs">
            {assessment.courseTitle} · {t("assessments.submitted", { count: assessment.submissions })}
            {assessment.dueDate ? ` · ${t("assessments.due", { date: formatDateTime(assessment.dueDate) })}` : ""}
          </p>
        </>
      )}
    />
  );
}
