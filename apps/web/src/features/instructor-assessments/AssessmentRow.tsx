import type { Assessment } from "@lms/contract";
import { CopyPlus, Pencil } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TYPE_LABELS } from "@/lib/assessment-labels";
import { formatDateTime } from "@/lib/datetime";

interface AssessmentRowProps {
  assessment: Assessment;
  onDuplicate: () => void;
}

const points = (n: number) => (n === 1 ? "1 point" : `${n} points`);

/** One assessment of the workspace: what it is, its course and dates, its submissions, and what one can do with it. */
export function AssessmentRow({ assessment: a, onDuplicate }: AssessmentRowProps) {
  const editPath = `/instructor/assessments/${a._id}/edit`;
  return (
    <article aria-label={a.title} className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_auto]">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium break-words">
            <Link to={editPath} className="hover:underline">
              {a.title}
            </Link>
          </h2>
          <Badge variant="outline">{TYPE_LABELS[a.type]}</Badge>
          <Badge variant={a.published ? "success" : "secondary"}>{a.published ? "Published" : "Draft"}</Badge>
        </div>
        <p className="text-sm text-muted-foreground break-words">
          {a.courseTitle} · {a.dueDate ? `Due ${formatDateTime(a.dueDate)}` : "No due date"} ·{" "}
          {a.questionCount === 1 ? "1 question" : `${a.questionCount} questions`} · {points(a.totalPoints)}
        </p>
        <p className="text-sm">
          Submissions: {a.submissions} ·{" "}
          <span className={a.needsGrading > 0 ? "font-medium text-primary" : undefined}>
            Needs grading: {a.needsGrading}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:justify-end">
        <Button asChild variant="outline" size="sm">
          <Link to={editPath} aria-label={`Edit ${a.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <Button variant="outline" size="sm" aria-label={`Duplicate ${a.title}`} onClick={onDuplicate}>
          <CopyPlus aria-hidden="true" />
          Duplicate
        </Button>
      </div>
    </article>
  );
}
