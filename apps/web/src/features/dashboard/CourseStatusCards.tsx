import { AT_RISK_AFTER_DAYS, AT_RISK_BELOW_PERCENT, type EnrolledCourse } from "@lms/contract";
import { AlertTriangle, CheckCircle2, Clock3 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { countStatuses } from "./course-status";

/** Courses complete, incomplete and at risk, from the learner's real enrollments. */
export function CourseStatusCards({ courses }: { courses: EnrolledCourse[] | undefined }) {
  const { t } = useTranslation("dashboard");
  const counts = courses ? countStatuses(courses, Date.now()) : undefined;
  const items = [
    { key: "complete", label: t("status.complete"), icon: CheckCircle2, tone: "text-success", value: counts?.complete },
    { key: "incomplete", label: t("status.incomplete"), icon: Clock3, tone: "text-primary", value: counts?.incomplete },
    {
      key: "atRisk",
      label: t("status.atRisk"),
      icon: AlertTriangle,
      tone: "text-amber-500",
      value: counts?.atRisk,
      hint: t("status.atRiskHint", { days: AT_RISK_AFTER_DAYS, percent: AT_RISK_BELOW_PERCENT }),
    },
  ];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("status.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          {items.map(({ key, label, icon: Icon, tone, value, hint }) => (
            <div key={key} className="flex items-center gap-3">
              <Icon aria-hidden="true" className={cn("size-5 shrink-0", tone)} />
              <dt className="flex-1 text-sm">
                {label}
                {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
              </dt>
              <dd className="font-semibold text-lg tabular-nums">
                {value === undefined ? <Skeleton className="h-6 w-6" /> : value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
