import { BookOpen, GraduationCap, type LucideIcon, Radio, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSystemStats } from "@/api/stats";
import { ErrorState } from "@/components/ErrorState";
import { currentLanguage } from "@/i18n/i18n";
import { cn } from "@/lib/utils";
import { formatGrowth } from "./growth";
import { StatCard } from "./StatCard";

interface Counter {
  key: string;
  label: string;
  icon: LucideIcon;
  value?: number;
  growth?: number;
}

/** Total users, courses, enrollments and live sessions, with the last 30 days' growth (GET /admin/stats). */
export function SystemStatCards() {
  const stats = useSystemStats();
  const { t } = useTranslation("dashboard");
  if (stats.isError) {
    return <ErrorState title={t("systemStats.loadFailed")} onRetry={() => stats.refetch()} />;
  }
  const data = stats.data;
  const counters: Counter[] = [
    {
      key: "users",
      label: t("systemStats.totalUsers"),
      icon: Users,
      value: data?.totalUsers,
      growth: data?.monthlyGrowth.users,
    },
    {
      key: "courses",
      label: t("systemStats.totalCourses"),
      icon: BookOpen,
      value: data?.totalCourses,
      growth: data?.monthlyGrowth.courses,
    },
    {
      key: "enrollments",
      label: t("systemStats.enrollments"),
      icon: GraduationCap,
      value: data?.totalEnrollments,
      growth: data?.monthlyGrowth.enrollments,
    },
    { key: "sessions", label: t("systemStats.activeSessions"), icon: Radio, value: data?.activeSessions },
  ];
  return (
    <section aria-label={t("systemStats.label")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {counters.map(({ key, label, icon, value, growth }) => (
        <StatCard
          key={key}
          icon={icon}
          label={label}
          testId={`system-stat-${key}`}
          value={value?.toLocaleString(currentLanguage())}
          detail={
            <p className="text-muted-foreground text-xs">
              {growth === undefined ? (
                t("systemStats.live")
              ) : (
                <>
                  <span
                    data-testid={`system-growth-${key}`}
                    className={cn("font-medium", growth > 0 && "text-success", growth < 0 && "text-destructive")}
                  >
                    {formatGrowth(growth)}
                  </span>{" "}
                  {t("systemStats.vsPrevious")}
                </>
              )}
            </p>
          }
        />
      ))}
    </section>
  );
}
