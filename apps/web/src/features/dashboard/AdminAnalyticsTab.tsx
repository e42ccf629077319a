import type { AnalyticsTimeframe, PlatformAnalytics } from "@lms/contract";
import { Activity, Coins, Database, Gauge, GraduationCap, TriangleAlert, Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { usePlatformAnalytics } from "@/api/admin-analytics";
import { ErrorState } from "@/components/ErrorState";
import { Skeleton } from "@/components/ui/skeleton";
import { formatSize } from "@/lib/format";
import { CoursePerformance } from "./CoursePerformance";
import { HealthPanel } from "./HealthPanel";
import { StatCard } from "./StatCard";

// recharts is large: it loads with this tab, not with the dashboard.
const PlatformCharts = lazy(() => import("./PlatformCharts"));

function figures(data: PlatformAnalytics | undefined) {
  const performance = data?.systemPerformance;
  return [
    { key: "users", label: "New users", icon: Users, value: data?.userGrowth.total.toLocaleString("en") },
    {
      key: "enrollments",
      label: "New enrollments",
      icon: GraduationCap,
      value: data?.courseEnrollments.total.toLocaleString("en"),
    },
    { key: "credits", label: "Credits spent", icon: Coins, value: data?.revenueData.total.toLocaleString("en") },
    { key: "rate", label: "Requests per minute", icon: Activity, value: performance?.requestsPerMinute.toString() },
    {
      key: "p95",
      label: "p95 response time",
      icon: Gauge,
      value: performance && (performance.p95LatencyMs === null ? "–" : `${performance.p95LatencyMs} ms`),
    },
    {
      key: "errors",
      label: "Error rate",
      icon: TriangleAlert,
      value: performance && `${Math.round(performance.errorRate * 1000) / 10}%`,
    },
    {
      key: "database",
      label: "Database size",
      icon: Database,
      value: performance && formatSize(performance.databaseSizeBytes),
    },
  ];
}

/** The Analytics tab: the timeframe's figures and charts, course performance and system health. */
export function AdminAnalyticsTab({ timeframe }: { timeframe: AnalyticsTimeframe }) {
  const query = usePlatformAnalytics(timeframe);
  if (query.isError) return <ErrorState title="Could not load the analytics" onRetry={() => query.refetch()} />;
  const chartsLoading = (
    <div role="status" aria-label="Loading charts" className="grid gap-4 lg:grid-cols-2">
      {Array.from({ length: 4 }, (_, i) => i).map((slot) => (
        <Skeleton key={slot} className="h-80 w-full" />
      ))}
    </div>
  );
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy={query.isFetching}>
      <section aria-label="Analytics figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures(query.data).map(({ key, label, icon, value }) => (
          <StatCard key={key} icon={icon} label={label} value={value} testId={`analytics-${key}`} />
        ))}
      </section>
      <p className="text-muted-foreground text-sm">
        Response times and error rate are measured by the server that answered, over the last 24 hours at most
        {query.data?.systemPerformance.measuredSince ? "" : " (no requests measured yet)"}.
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
