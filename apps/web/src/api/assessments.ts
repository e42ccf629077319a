import type { DashboardAssessments } from "@lms/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** The instructor dashboard's newest assessments of the courses one manages, with the counts (spec §2, §7). */
export function useDashboardAssessments(limit: number) {
  return useQuery({
    queryKey: ["assessments", "dashboard", limit],
    queryFn: async ({ signal }) =>
      (await api.get<DashboardAssessments>(`/instructor/dashboard/assessments?limit=${limit}`, signal)).data,
  });
}
