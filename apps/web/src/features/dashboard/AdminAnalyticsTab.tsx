import type { AnalyticsTimeframe, PlatformAnalytics } from "@lms/contract";
import type { TFunction } from "i18next";
import { Activity, Coins, Database, Gauge, GraduationCap, TriangleAlert, Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { usePlatformAnalytics } from "@/api/admin-analytics";
import { ErrorState } from "@/components/ErrorState";
import { Skeleton } from "@/components/ui/skeleton";
import { currentLanguage } from "@/i18n/i18n";
import { formatSize } from "@/lib/format";
import { CoursePerformance } from "./CoursePerformance";
import { HealthPanel } from "./HealthPanel";
import { StatCard } from "./StatCard";

// recharts is large: it loads with this tab, not with the dashboard.
const PlatformCharts = lazy(() => import("./PlatformCharts"));

function figures(data: PlatformAnalytics | undefined, t: TFunction<"dashboard">) {
  const performance = data?.systemPerformance;
  const number = (value: number | undefined) => value?.toLocaleString(currentLanguage());
  return [
    { key: "users", label: t("analytics.newUsers"), icon: Users, value: number(data?.userGrowth.total) },
    {
      key: "enrollments",
      label: t("analytics.newEnrollments"),
      icon: GraduationCap,
      value: number(data?.courseEnrollments.total),
    },
    { key: "credits", label: t("analytics.creditsSpent"), icon: Coins, value: number(data?.revenueData.total) },
    {
      key: "rate",
      label: t("analytics.requestsPerMinute"),
      icon: Activity,
      value: number(performance?.requestsPerMinute),
    },
    {
      key: "p95",
      label: t("analytics.p95"),
      icon: Gauge,
      value:
        performance &&
        (performance.p95LatencyMs === null ? "–" : t("analytics.milliseconds", { value: performance.p95LatencyMs })),
    },
    {
      key: "errors",
      label: t("analytics.errorRate"),
      icon: TriangleAlert,
      value: performance && `${Math.round(performance.errorRate * 1000) / 10}%`,
    },
    {
      key: "database",
      label: t("analytics.databaseSize"),
      icon: Database,
      value: performance && formatSize(performance.databaseSizeBytes),
    },
  ];
}

/** The Analytics tab: the timeframe's figures and charts, course performance and system health. */
export function AdminAnalyticsTab({ timeframe }: { timeframe: AnalyticsTimeframe }) {
  const query = usePlatformAnalytics(timeframe);
  const { t } = useTranslation("dashboard");
  if (query.isError) return <ErrorState title={t("analytics.loadFailed")} onRetry={() => query.refetch()} />;
  const chartsLoading = (
    <div role="status" aria-label={t("analytics.loadingCharts")} className="grid gap-4 lg:grid-cols-2">
      {Array.from({ length: 4 }, (_, i) => i).map((slot) => (
        <Skeleton key={slot} className="h-80 w-full" />
      ))}
    </div>
  );
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy={query.isFetching}>
      <section aria-label={t("analytics.figures")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures(query.data, t).map(({ key, label, icon, value }) => (
          <StatCard key={key} icon={icon} label={label} value={value} testId={`analytics-${key}`} />
        ))}
      </section>
      <p className="text-muted-foreground text-sm">
        {query.data?.systemPerformance.measuredSince ? t("analytics.measuredNote") : t("analytics.measuredNoteEmpty")}
      </p>
      {query.data ? (
        <Suspense fallback={chartsLoading}>
          <PlatformCharts analytics={query.data} />
        </Suspense>
      ) : (
        chartsLoading
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CoursePerformance />
        <HealthPanel />
      </div>
    </div>
  );
}
