import type { GradebookCell } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { formatPercent } from "@/lib/format";

const WAITING_STYLE = "border-transparent bg-primary/10 text-primary";

/** The marks of a cell: Missing, Late, Needs grading (to the learner: Waiting for a grade), In progress. */
export function CellMarks({ cell, own = false }: { cell: GradebookCell; own?: boolean }) {
  const { t } = useTranslation("course-detail");
  return (
    <span className="flex flex-wrap gap-1">
      {cell.missing && <Badge variant="danger">{t("gradebook.marks.missing")}</Badge>}
      {cell.late && <Badge variant="warning">{t("gradebook.marks.late")}</Badge>}
      {cell.needsGrading && (
        <Badge className={WAITING_STYLE}>
          {own ? t("gradebook.marks.waitingForGrade") : t("gradebook.marks.needsGrading")}
        </Badge>
      )}
      {cell.state === "in_progress" && <Badge variant="outline">{t("assessments.states.in_progress")}</Badge>}
    </span>
  );
}

/** One learner on one assessment: the score that counts and its percent, then the marks. */
export function GradeCell({ cell, own = false }: { cell: GradebookCell; own?: boolean }) {
  const { t } = useTranslation("course-detail");
  return (
    <div className="grid justify-items-start gap-1">
      {cell.score === null ? (
        <span className="text-muted-foreground">
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t("gradebook.noScore")}</span>
        </span>
      ) : (
        <span className="tabular-nums">
          <span className="font-medium">{cell.score}</span>
          <span className="text-muted-foreground text-xs"> ({cell.percent}%)</span>
        </span>
      )}
      <CellMarks cell={cell} own={own} />
    </div>
  );
}

export const formatGrade = (grade: number | null) => (grade === null ? "—" : formatPercent(grade));
