import { useTranslation } from "react-i18next";
import { formatPercent } from "@/lib/format";

/** A learner's score on a SCORM package, in percent, or "No score" before the package reported one. */
export function PackageScoreCell({ score }: { score: number | null | undefined }) {
  const { t } = useTranslation("course-detail");
  if (score === null || score === undefined)
    return <span className="text-muted-foreground">{t("gradebook.noScore")}</span>;
  return <span className="font-medium tabular-nums">{formatPercent(score)}</span>;
}
