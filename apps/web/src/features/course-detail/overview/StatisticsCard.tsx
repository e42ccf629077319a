import type { CourseDetail } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatPercent } from "@/lib/format";

/** Enrollments, completions, rating to one decimal, total ratings; average progress for admins. */
export function StatisticsCard({ stats, admin }: { stats: CourseDetail["stats"]; admin: boolean }) {
  const { t } = useTranslation("course-detail");
  const items = [
    { label: t("stats.enrollments"), value: String(stats.enrollments) },
    { label: t("stats.completions"), value: String(stats.completions) },
    {
      label: t("stats.averageRating"),
      value: stats.totalRatings > 0 ? stats.averageRating.toFixed(1) : t("format.noRating", { ns: "common" }),
    },
    { label: t("stats.totalRatings"), value: String(stats.totalRatings) },
    ...(admin ? [{ label: t("stats.averageProgress"), value: formatPercent(stats.averageProgress) }] : []),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("stats.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {items.map((item) => (
            <div key={item.label} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{item.label}</dt>
              <dd className="font-semibold text-xl">{item.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
