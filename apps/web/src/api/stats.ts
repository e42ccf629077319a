import type { PublicStats } from "@lms/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

export const statsKeys = { public: ["stats", "public"] as const };

export function usePublicStats() {
  return useQuery({
    queryKey: statsKeys.public,
    queryFn: async ({ signal }) => (await api.get<PublicStats>("/stats/public", signal)).data,
  });
}
