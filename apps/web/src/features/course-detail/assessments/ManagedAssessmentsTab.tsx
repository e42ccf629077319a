import type { Assessment } from "@lms/contract";
import { useManagedAssessments } from "@/api/managed-assessments";
import { Badge } from "@/components/ui/badge";
import { TYPE_LABELS } from "@/lib/assessment-labels";
import { formatDateTime } from "@/lib/datetime";
import { AssessmentList } from "./AssessmentList";

function ManagedRow({ assessment }: { assessment: Assessment }) {
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
      <p className="text-sm">
        Submissions: {assessment.submissions} · Needs grading: {assessment.needsGrading}
      </p>
    </article>
  );
}

/** The course's managers see every assessment, drafts included, with submission counts (read only here). */
export function ManagedAssessmentsTab({ courseId }: { courseId: string }) {
  return (
    <AssessmentList
      query={useManagedAssessments(courseId)}
      renderRow={(assessment) => <ManagedRow assessment={assessment} />}
    />
  );
}
