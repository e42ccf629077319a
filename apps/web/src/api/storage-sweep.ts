import type { OrphanReport, OrphanSweep } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

const reportKey = ["storage", "orphans"] as const;

/** The orphan sweep's dry run: stored files no row points at (GET /api/admin/storage/orphans). */
export const useOrphanReport = () =>
  useQuery({
    queryKey: reportKey,
    queryFn: async ({ signal }) => (await api.get<OrphanReport>("/admin/storage/orphans", signal)).data,
  });

/** Removes the orphaned files now, then reads the dry run again. */
export function useSweepOrphans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<OrphanSweep>("/admin/storage/orphans/sweep")).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKey }),
  });
}
