import type { CourseCopy, CourseCopyResponse } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { api } from "./client";
import { useInvalidateCourses } from "./managed-courses";

export type CourseCopyResult = CourseCopyResponse["data"];

/** Next term's copy: a new draft course with this one's content (POST {area}/courses/{id}/copy). */
export function useCopyCourse(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (input: Partial<CourseCopy>) =>
      (await api.post<CourseCopyResult>(`${area}/courses/${courseId}/copy`, input)).data,
    onSuccess: invalidate,
  });
}
