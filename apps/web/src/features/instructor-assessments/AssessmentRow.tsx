import type { Assessment } from "@lms/contract";
import { CopyPlus, Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";

interface AssessmentRowProps {
  assessment: Assessment;
  onDuplicate: () => void;
}

/** One assessment of the workspace: what it is, its course and dates, its submissions, and what one can do with it. */
export function AssessmentRow({ assessment: a, onDuplicate }: AssessmentRowProps) {
  const editPath = `/instructor/assessments/${a._id}/edit`;
  const { t } = useTranslation("instructor-assessments");
  return (
    <article aria-label={a.title} className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_auto]">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium break-words">
            <Link to={editPath} className="hover:underline">
              {a.title}
            </Link>
          </h2>
          <Badge variant="outline">{t(`types.${a.type}`)}</Badge>
          <Badge variant={a.published ? "success" : "secondary"}>{a.published ? t("published") : t("draft")}</Badge>
        </div>
        <p className="text-sm text-muted-foreground break-words">
          {a.courseTitle} · {a.dueDate ? t("row.due", { date: formatDateTime(a.dueDate) }) : t("row.noDueDate")} ·{" "}
          {t("questions", { count: a.questionCount })} · {t("points", { count: a.totalPoints })}
        </p>
        <p className="text-sm">
          {t("row.submissions", { count: a.submissions })} ·{" "}
          <span className={a.needsGrading > 0 ? "font-medium text-primary" : undefined}>
            {t("row.needsGrading", { count: a.needsGrading })}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2 sm:justify-end">
        <Button asChild variant="outline" size="sm">
          <Link to={editPath} aria-label={t("row.editNamed", { title: a.title })}>
            <Pencil aria-hidden="true" />
            {t("row.edit")}
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={t("row.duplicateNamed", { title: a.title })}
          onClick={onDuplicate}
        >
          <CopyPlus aria-hidden="true" />
          {t("row.duplicate")}
        </Button>
      </div>
    </article>
  );
}
