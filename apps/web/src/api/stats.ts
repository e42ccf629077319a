import type { PublicStats, SystemStats } from "@lms/contract";
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
