import type { LearnerAssessment } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCourseAssessments } from "@/api/learner-assessments";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { AssessmentList } from "./AssessmentList";

function actionKey(assessment: LearnerAssessment) {
  if (assessment.state === "in_progress") return "continue";
  if (assessment.state === "not_started") return assessment.attemptsLeft === 0 ? null : "start";
  return "viewResult";
}

function AssessmentRow({ assessment }: { assessment: LearnerAssessment }) {
  const { t } = useTranslation("course-detail");
  const action = actionKey(assessment);
  const label = action && t(`assessments.actions.${action}`);
  const attemptsLeft =
    assessment.attemptsLeft === null
      ? t("assessments.unlimitedAttempts")
      : t("assessments.attemptsLeft", { n: assessment.attemptsLeft });
  return (
    <article
      aria-label={assessment.title}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium break-words">{assessment.title}</h3>
          <Badge variant="outline">{t(`assessments.types.${assessment.type}`)}</Badge>
          <Badge variant={assessment.state === "graded" ? "success" : "secondary"}>
            {t(`assessments.states.${assessment.state}`)}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {assessment.dueDate
            ? t("assessments.due", { date: formatDateTime(assessment.dueDate) })
            : t("assessments.noDueDate")}{" "}
          · {attemptsLeft}
        </p>
        <p className="text-sm">
          {t("assessments.score")}{" "}
          {assessment.score !== null
            ? `${assessment.score} / ${assessment.totalPoints}`
            : assessment.state === "submitted"
              ? t("assessments.waitingForGrade")
              : t("assessments.notGraded")}
        </p>
      </div>
      {label && (
        <Button asChild variant={assessment.state === "in_progress" ? "default" : "outline"} className="sm:shrink-0">
          <Link
            to={`/courses/${assessment.courseId}/assessments/${assessment._id}`}
            aria-label={`${label}: ${assessment.title}`}
          >
            {label}
          </Link>
        </Button>
      )}
    </article>
  );
}

/** The enrolled learner's view of the course's published assessments with their own state (issue 10). */
export function AssessmentsTab({ courseId }: { courseId: string }) {
  return (
    <AssessmentList
      query={useCourseAssessments(courseId)}
      renderRow={(assessment) => <AssessmentRow assessment={assessment} />}
    />
  );
}
