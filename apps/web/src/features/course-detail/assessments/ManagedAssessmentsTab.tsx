import type { Assessment } from "@lms/contract";
import { ClipboardCheck, Pencil, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useManagedAssessments } from "@/api/managed-assessments";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { AssessmentList } from "./AssessmentList";

function ManagedRow({ courseId, assessment }: { courseId: string; assessment: Assessment }) {
  const { t } = useTranslation("course-detail");
  return (
    <article
      aria-label={assessment.title}
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl border bg-card p-4"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium break-words">{assessment.title}</h3>
          <Badge variant="outline">{t(`assessments.types.${assessment.type}`)}</Badge>
          <Badge variant={assessment.published ? "success" : "secondary"}>
            {assessment.published ? t("status.published") : t("status.draft")}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {assessment.dueDate
            ? t("assessments.due", { date: formatDateTime(assessment.dueDate) })
            : t("assessments.noDueDate")}{" "}
          · {t("assessments.points", { count: assessment.totalPoints })}
        </p>
        <p className="text-sm">
          {t("assessments.submissions", { n: assessment.submissions })} ·{" "}
          {t("assessments.needsGradingCount", { n: assessment.needsGrading })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {assessment.submissions > 0 && (
          <Button asChild variant="outline" size="sm">
            <Link
              to={`/instructor/courses/${courseId}/assessments/${assessment._id}/grade`}
              aria-label={t("assessments.gradeLabel", { title: assessment.title })}
            >
              <ClipboardCheck aria-hidden="true" />
              {t("assessments.grade")}
            </Link>
          </Button>
        )}
        <Button asChild variant="outline" size="sm">
          <Link
            to={`/instructor/assessments/${assessment._id}/edit`}
            aria-label={t("assessments.editLabel", { title: assessment.title })}
          >
            <Pencil aria-hidden="true" />
            {t("actions.edit")}
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** The course's managers see every assessment, drafts included, with submission counts; they open the editor and grade from here. */
export function ManagedAssessmentsTab({ courseId }: { courseId: string }) {
  const { t } = useTranslation("course-detail");
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button asChild>
          <Link to={`/instructor/assessments/new?courseId=${courseId}`}>
            <Plus aria-hidden="true" />
            {t("assessments.new")}
          </Link>
        </Button>
      </div>
      <AssessmentList
        query={useManagedAssessments(courseId)}
        renderRow={(assessment) => <ManagedRow courseId={courseId} assessment={assessment} />}
      />
    </div>
  );
}
