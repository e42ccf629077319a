import { AT_RISK_AFTER_DAYS, AT_RISK_BELOW_PERCENT, type CourseAnalytics } from "@lms/contract";
import type { LucideIcon } from "lucide-react";
import { AlertTriangle, CheckCircle2, Gauge, Users, Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { formatPercent } from "@/lib/format";

const percent = (value: number | null) => (value === null ? "–" : formatPercent(value));

function Figure({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint: string;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="grid gap-1 p-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </p>
        <p className="text-2xl font-semibold" data-testid={testId}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/** The course's headline figures, as the api computed them. */
export function KeyFigures({ analytics }: { analytics: CourseAnalytics }) {
  const { enrollments, attendance } = analytics;
  const { t } = useTranslation("course-analytics");
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Figure
        icon={Users}
        label={t("figures.learners")}
        value={String(enrollments.total)}
        hint={t("figures.learnersHint")}
        testId="figure-learners"
      />
      <Figure
        icon={CheckCircle2}
        label={t("figures.completionRate")}
        value={percent(analytics.completionRate)}
        hint={t("figures.completed", { count: enrollments.completed })}
        testId="figure-completion-rate"
      />
      <Figure
        icon={Gauge}
        label={t("figures.averageProgress")}
        value={percent(analytics.averageProgress)}
        hint={t("figures.averageProgressHint")}
        testId="figure-average-progress"
      />
      <Figure
        icon={Video}
        label={t("figures.attendanceRate")}
        value={percent(attendance.rate)}
        hint={t("figures.attendanceHint", { attended: attendance.attended, expected: attendance.expected })}
        testId="figure-attendance-rate"
      />
      <Figure
        icon={AlertTriangle}
        label={t("figures.atRisk")}
        value={String(enrollments.atRisk)}
        hint={t("figures.atRiskHint", { days: AT_RISK_AFTER_DAYS, percent: formatPercent(AT_RISK_BELOW_PERCENT) })}
        testId="figure-at-risk"
      />
    </div>
  );
}
