import type { UserImportJob, UserImportPreview } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { toQuery } from "./courses";
import { downloadFile } from "./download";
import { uploadWithProgress } from "./upload";

const IMPORT_POLL_MS = 500;

const csvForm = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return form;
};

/** Checks a CSV file on the server; nothing is written. */
export const usePreviewUserImport = () =>
  useMutation({
    mutationFn: async (file: File) =>
      (await uploadWithProgress<{ preview: UserImportPreview }>("/admin/users/import/preview", csvForm(file), () => {}))
        .data.preview,
  });

/** Starts the all-or-nothing import; it runs in the background. */
export const useStartUserImport = () =>
  useMutation({
    mutationFn: async (file: File) =>
      (await uploadWithProgress<{ job: UserImportJob }>("/admin/users/import", csvForm(file), () => {})).data.job,
  });

/** An import's progress, asked for again while it runs; every user list reloads when it is done. */
export function useUserImportJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["users", "import", jobId],
    enabled: jobId !== null,
    queryFn: async ({ signal }) => {
      const job = (await api.get<{ job: UserImportJob }>(`/admin/users/import/${jobId}`, signal)).data.job;
      if (job.status === "done") void queryClient.invalidateQueries({ queryKey: ["users", "page"] });
      return job;
    },
    refetchInterval: (query) => (query.state.data?.status === "running" || !query.state.data ? IMPORT_POLL_MS : false),
  });
}

/** The users matching the list's filters, as the CSV file the server streams. */
export const downloadUsersCsv = (filters: { search?: string; role?: string; status?: string }) =>
  downloadFile(`/admin/users/export?${toQuery({ ...filters })}`, `users-${new Date().toISOString().slice(0, 10)}.csv`);
