import type { AnalyticsTimeframe, PlatformAnalytics, RecentActivity, SystemHealth } from "@lms/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const adminAnalyticsKeys = {
  all: ["admin-analytics"] as const,
  analytics: (timeframe: AnalyticsTimeframe) => ["admin-analytics", "series", timeframe] as const,
  health: ["admin-analytics", "health"] as const,
  recentActivity: (limit: number) => ["admin-analytics", "recent-activity", limit] as const,
};

/** GET /admin/analytics: the dashboard's series and the server's own measures for a timeframe. */
export function usePlatformAnalytics(timeframe: AnalyticsTimeframe) {
  return useQuery({
    queryKey: adminAnalyticsKeys.analytics(timeframe),
    queryFn: async ({ signal }) =>
      (await api.get<PlatformAnalytics>(`/admin/analytics?timeframe=${timeframe}`, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/health: each component's state and the score. */
export function useSystemHealth() {
  return useQuery({
    queryKey: adminAnalyticsKeys.health,
    queryFn: async ({ signal }) => (await api.get<SystemHealth>("/admin/health", signal)).data,
  });
}

/** The newest entries of the activity log. */
export function useRecentActivity(limit: number) {
  return useQuery({
    queryKey: adminAnalyticsKeys.recentActivity(limit),
    queryFn: async ({ signal }) =>
      (await api.get<{ activities: RecentActivity[] }>(`/admin/activity/recent?limit=${limit}`, signal)).data
        .activities,
  });
}
