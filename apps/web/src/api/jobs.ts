import type { Job, Pagination } from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

export const FAILED_JOBS_PAGE_SIZE = 10;
const failedKey = ["jobs", "failed"] as const;

/** Background jobs that failed their last attempt, most recent first (GET /api/admin/jobs?status=failed). */
export const useFailedJobs = (page: number) =>
  useQuery({
    queryKey: [...failedKey, page],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ jobs: Job[]; pagination: Pagination }>(
          `/admin/jobs?status=failed&page=${page}&limit=${FAILED_JOBS_PAGE_SIZE}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** Puts a failed job back in the queue. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<{ job: Job }>(`/admin/jobs/${id}/retry`)).data.job,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedKey }),
  });
}
