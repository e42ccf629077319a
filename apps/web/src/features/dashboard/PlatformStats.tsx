import { BookOpen, GraduationCap, TrendingUp, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { usePublicStats } from "@/api/stats";
import { formatCount, formatPercent } from "@/lib/format";
import { StatCard } from "./StatCard";

/** Students, published courses, instructors and the completion rate of all enrollments. */
export function PlatformStats() {
  const stats = usePublicStats();
  const { t } = useTranslation("dashboard");
  const value = (pick: (data: NonNullable<typeof stats.data>) => string) =>
    stats.isError ? "–" : stats.data && pick(stats.data);
  return (
    <section aria-label={t("platformStats.label")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard icon={Users} label={t("platformStats.students")} value={value((d) => formatCount(d.students))} />
      <StatCard
        icon={BookOpen}
        label={t("platformStats.publishedCourses")}
        value={value((d) => formatCount(d.courses))}
      />
      <StatCard
        icon={GraduationCap}
        label={t("platformStats.instructors")}
        value={value((d) => formatCount(d.instructors))}
      />
      <StatCard
        icon={TrendingUp}
        label={t("platformStats.successRate")}
        value={value((d) => (d.successRate === null ? t("platformStats.noEnrollments") : formatPercent(d.successRate)))}
      />
    </section>
  );
}
