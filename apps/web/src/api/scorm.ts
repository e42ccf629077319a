import type { ScormCmi, ScormCmiSave, ScormLaunch } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { detailKey } from "./course-detail";

export const scormLaunchKey = (courseId: string, lessonId: string) => ["scorm", courseId, lessonId] as const;

/** The lesson's package, a fresh signed launch link and the learner's saved data; asked anew on each visit. */
export function useScormLaunch(courseId: string, lessonId: string) {
  return useQuery({
    queryKey: scormLaunchKey(courseId, lessonId),
    queryFn: async () => (await api.get<ScormLaunch>(`/courses/${courseId}/lessons/${lessonId}/scorm`)).data,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Saves the learner's CMI data; a completed package reloads the course (its progress changed). */
export function useSaveScormCmi(courseId: string, lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cmi: ScormCmiSave) =>
      (
        await api.put<{ cmi: ScormCmi; lessonCompleted: boolean }>(
          `/courses/${courseId}/lessons/${lessonId}/scorm/cmi`,
          cmi,
        )
      ).data,
    onSuccess: ({ lessonCompleted }) => {
      if (!lessonCompleted) return;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: detailKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: ["courses", "enrolled"] }),
      ]);
    },
  });
}
