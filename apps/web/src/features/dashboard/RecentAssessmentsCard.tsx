import { ClipboardList, Plus } from "lucide-react";
import { Link } from "react-router";
import { useDashboardAssessments } from "@/api/assessments";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/datetime";
import { DashboardListCard } from "./DashboardListCard";

export const DASHBOARD_ASSESSMENTS = 5;

const TYPE_LABELS = { quiz: "Quiz", assignment: "Assignment", exam: "Exam" } as const;

/** The instructor dashboard's newest assessments (first 5) with View All (spec §2). */
export function RecentAssessmentsCard() {
  const query = useDashboardAssessments(DASHBOARD_ASSESSMENTS);
  return (
    <DashboardListCard
      id="assessments-title"
      title="Recent Assessments"
      viewAllTo="/instructor/assessments"
      query={query}
      items={query.data?.assessments}
      placeholders={3}
      loadingLabel="Loading assessments"
      errorTitle="Failed to load assessments."
      empty={{
        icon: ClipboardList,
        title: "No assessments yet",
        actionTo: "/instructor/assessments/new",
        actionIcon: Plus,
        actionLabel: "Create Assessment",
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
            <Badge variant="secondary">{TYPE_LABELS[assessment.type]}</Badge>
            {!assessment.published && <Badge variant="outline">Draft</Badge>}
          </div>
          <p className="truncate text-muted-foreground text-xs">
            {assessment.courseTitle} · {assessment.submissions} submitted
            {assessment.dueDate ? ` · due ${formatDateTime(assessment.dueDate)}` : ""}
          </p>
        </>
      )}
    />
  );
}
