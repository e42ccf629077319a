import type { CourseProgress, FileProgress, ProgressUpdate } from "@lms/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { useApplyProgress } from "./course-detail";

/** One view report from the lesson viewer; the answer updates the cached course at once. */
export function useRecordProgress(courseId: string) {
  const queryClient = useQueryClient();
  const apply = useApplyProgress(courseId);
  return useMutation({
    mutationFn: async ({ lessonId, update }: { lessonId: string; update: ProgressUpdate }) =>
      (
        await api.post<{ progress: CourseProgress; file: FileProgress }>(
          `/courses/${courseId}/lessons/${lessonId}/progress`,
          update,
        )
      ).data,
    onSuccess: ({ progress, file }) => {
      apply(progress, file);
      return queryClient.invalidateQueries({ queryKey: ["courses", "enrolled"] });
    },
  });
}
