import type { AssessmentResult } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

interface SubmissionListProps {
  submissions: AssessmentResult[];
  current: string | null;
  onSelect: (id: string) => void;
}

/** The submissions to step through: learner, attempt and state; the current one is marked. */
export function SubmissionList({ submissions, current, onSelect }: SubmissionListProps) {
  const { t } = useTranslation("grading");
  return (
    <ul aria-label={t("list.label")} className="grid gap-1">
      {submissions.map((s) => (
        <li key={s._id}>
          <button
            type="button"
            aria-current={s._id === current ? "true" : undefined}
            onClick={() => onSelect(s._id)}
            className={cn(
              "grid w-full gap-1 rounded-md border p-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              s._id === current && "border-primary bg-primary/5",
            )}
          >
            <span className="truncate font-medium">{s.learner.name}</span>
            <span className="flex flex-wrap items-center gap-1.5 text-muted-foreground">
              {t("list.attempt", { number: s.attempt })}
              <Badge variant={s.state === "submitted" ? "secondary" : "outline"}>{t(`states.${s.state}`)}</Badge>
              {s.late && <Badge variant="outline">{t("late")}</Badge>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
