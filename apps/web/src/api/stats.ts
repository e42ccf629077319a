import type { InstructorDashboardStats, PublicStats, SystemStats } from "@lms/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const statsKeys = { public: ["stats", "public"] as const };

export function usePublicStats() {
  return useQuery({
    queryKey: statsKeys.public,
    queryFn: async ({ signal }) => (await api.get<PublicStats>("/stats/public", signal)).data,
  });
}

/** The admin dashboard's System stats (GET /admin/stats). */
export function useSystemStats() {
  return useQuery({
    queryKey: ["stats", "system"] as const,
    queryFn: async ({ signal }) => (await api.get<SystemStats>("/admin/stats", signal)).data,
  });
}

/** The instructor dashboard's counters (GET /instructor/dashboard/stats): one request for all three. */
export function useInstructorDashboardStats() {
  return useQuery({
    queryKey: ["stats", "instructor"] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ stats: InstructorDashboardStats }>("/instructor/dashboard/stats", signal)).data.stats,
    // Counted on the server in one cheap read: fresh on every visit, so they agree with the cards.
    staleTime: 0,
  });
}
