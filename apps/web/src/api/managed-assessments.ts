import type { Assessment } from "@lms/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** Every assessment of a course, drafts included, with submission counts: its managers' read (spec §7). */
export function useManagedAssessments(courseId: string) {
  return useQuery({
    queryKey: ["assessments", "course", courseId],
    queryFn: async ({ signal }) =>
      (await api.get<{ assessments: Assessment[] }>(`/instructor/courses/${courseId}/assessments`, signal)).data
        .assessments,
  });
}
