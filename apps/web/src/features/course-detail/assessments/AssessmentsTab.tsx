import type { LearnerAssessment, LearnerAssessmentState } from "@lms/contract";
import { Link } from "react-router";
import { useCourseAssessments } from "@/api/learner-assessments";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TYPE_LABELS } from "@/lib/assessment-labels";
import { formatDateTime } from "@/lib/datetime";
import { AssessmentList } from "./AssessmentList";

const STATE_LABELS: Record<LearnerAssessmentState, string> = {
  not_started: "Not started",
  in_progress: "In progress",
  submitted: "Submitted",
  graded: "Graded",
};

function actionLabel(assessment: LearnerAssessment): string | null {
  if (assessment.state === "in_progress") return "Continue";
  if (assessment.state === "not_started") return assessment.attemptsLeft === 0 ? null : "Start";
  return "View result";
}

function AssessmentRow({ assessment }: { assessment: LearnerAssessment }) {
  const label = actionLabel(assessment);
  const attemptsLeft =
    assessment.attemptsLeft === null ? "Unlimited attempts" : `Attempts left: ${assessment.attemptsLeft}`;
  return (
    <article
      aria-label={assessment.title}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium break-words">{assessment.title}</h3>
          <Badge variant="outline">{TYPE_LABELS[assessment.type]}</Badge>
          <Badge variant={assessment.state === "graded" ? "success" : "secondary"}>
            {STATE_LABELS[assessment.state]}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {assessment.dueDate ? `Due ${formatDateTime(assessment.dueDate)}` : "No due date"} · {attemptsLeft}
        </p>
        <p className="text-sm">
          Score:{" "}
          {assessment.score !== null
            ? `${assessment.score} / ${assessment.totalPoints}`
            : assessment.state === "submitted"
              ? "Waiting for a grade"
              : "Not graded yet"}
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
