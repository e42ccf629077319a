import type { Assessment } from "@lms/contract";
import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { useManagedAssessments } from "@/api/managed-assessments";
import { Badge } from "@/components/ui/badge";
import { TYPE_LABELS } from "@/lib/assessment-labels";
import { formatDateTime } from "@/lib/datetime";
import { AssessmentList } from "./AssessmentList";

function ManagedRow({ courseId, assessment }: { courseId: string; assessment: Assessment }) {
  return (
    <article aria-label={assessment.title} className="grid gap-1 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium break-words">{assessment.title}</h3>
        <Badge variant="outline">{TYPE_LABELS[assessment.type]}</Badge>
        <Badge variant={assessment.published ? "success" : "secondary"}>
          {assessment.published ? "Published" : "Draft"}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {assessment.dueDate ? `Due ${formatDateTime(assessment.dueDate)}` : "No due date"} · {assessment.totalPoints}{" "}
        points
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          Submissions: {assessment.submissions} · Needs grading: {assessment.needsGrading}
        </p>
        {assessment.submissions > 0 && (
          <Link
            to={`/instructor/courses/${courseId}/assessments/${assessment._id}/grade`}
            aria-label={`Grade ${assessment.title}`}
            className="inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ClipboardCheck aria-hidden="true" className="size-4" />
            Grade submissions
          </Link>
        )}
      </div>
    </article>
  );
}

/** The course's managers see every assessment, drafts included, with submission counts and a way to grade them. */
export function ManagedAssessmentsTab({ courseId }: { courseId: string }) {
  return (
    <AssessmentList
      query={useManagedAssessments(courseId)}
      renderRow={(assessment) => <ManagedRow courseId={courseId} assessment={assessment} />}
    />
  );
}
