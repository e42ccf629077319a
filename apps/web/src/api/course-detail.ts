import type { CourseDetail, CourseProgress, FileProgress, PublicCourse, Role } from "@lms/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { courseAreaFor } from "@/auth/roles";
import { api } from "./client";

/** Spec §6: course detail is loaded through a different call per role. */
export function detailPath(role: Role, courseId: string): string {
  const area = courseAreaFor(role);
  return area ? `${area}/courses/${courseId}` : `/courses/${courseId}/detail`;
}

export const detailKey = (courseId: string) => ["courses", "detail", courseId] as const;

export function useCourseDetail(courseId: string, role: Role | undefined) {
  return useQuery({
    queryKey: [...detailKey(courseId), role],
    enabled: role !== undefined,
    queryFn: async ({ signal }) =>
      (await api.get<{ course: CourseDetail }>(detailPath(role ?? "learner", courseId), signal)).data.course,
  });
}

/** What anyone may see of a published course. */
export function usePublicCourse(courseId: string, enabled = true) {
  return useQuery({
    queryKey: ["courses", "public", courseId],
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<{ course: PublicCourse }>(`/courses/${courseId}`, signal)).data.course,
  });
}

/** Puts a progress report's answer into the cached course, so bars move without a reload. */
export function useApplyProgress(courseId: string) {
  const queryClient = useQueryClient();
  return (progress: CourseProgress, file: FileProgress) =>
    queryClient.setQueriesData<CourseDetail>({ queryKey: detailKey(courseId) }, (course) => {
      if (!course) return course;
      const { fileId, lessonId: _lesson, ...fileProgress } = file;
      return {
        ...course,
        progress: course.progress && { ...course.progress, ...progress },
        modules: course.modules.map((m) => ({
          ...m,
          lessons: m.lessons.map((l) => ({
            ...l,
            files: l.files.map((f) => (f._id === fileId ? { ...f, progress: fileProgress } : f)),
          })),
        })),
      };
    });
}
