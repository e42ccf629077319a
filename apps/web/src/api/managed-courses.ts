import type {
  Course,
  CourseCreate,
  CourseState,
  CourseSummary,
  CourseUpdate,
  ManagedCourseSort,
  ManagedCourseSummary,
  Pagination,
} from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CourseArea } from "@/auth/roles";
import { api } from "./client";
import { courseKeys, reviewKeys, toQuery } from "./courses";
import { uploadWithProgress } from "./upload";

export interface ManagedCourseParams {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  status?: CourseState;
  sort?: ManagedCourseSort;
  order?: "asc" | "desc";
}

/** Admins: every course; instructors: the courses they teach. */
export function useManagedCourses(area: CourseArea | null, params: ManagedCourseParams) {
  return useQuery({
    queryKey: ["courses", "managed", area, params],
    enabled: area !== null,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ courses: ManagedCourseSummary[]; pagination: Pagination }>(
          `${area}/courses?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** After any write to a course, every cached course answer is stale. */
export function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
}

export function useCreateCourse(area: CourseArea) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (input: Partial<CourseCreate>) =>
      (await api.post<{ course: Course }>(`${area}/courses`, input)).data.course,
    onSuccess: invalidate,
  });
}

export function useUpdateCourse(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (input: CourseUpdate) =>
      (await api.put<{ course: Course }>(`${area}/courses/${courseId}`, input)).data.course,
    onSuccess: invalidate,
  });
}

export function useDeleteCourse(area: CourseArea, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete(`${area}/courses/${courseId}`)).message,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["courses", "detail", courseId] });
      return queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
}

/** Spec §4: publishing sends status active, unpublishing inactive (instructors: while the system setting allows it). */
export function useSetCourseStatus(courseId: string, area: CourseArea = "/admin") {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async (published: boolean) =>
      (await api.patch(`${area}/courses/${courseId}/status`, { status: published ? "active" : "inactive" })).message,
    onSuccess: () => {
      // Publishing ends a review; not awaited, the course answers are what the caller waits for.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      return invalidate();
    },
  });
}

/**
 * Publishes or unpublishes several courses, one status call each (spec §4); every course is tried
 * and the answer says which ones failed, with the server's message.
 */
export function useSetCoursesStatus() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: async ({ ids, published }: { ids: string[]; published: boolean }) => {
      const results = await Promise.allSettled(
        ids.map((id) => api.patch(`/admin/courses/${id}/status`, { status: published ? "active" : "inactive" })),
      );
      return results.flatMap((result, i) =>
        result.status === "rejected" ? [{ id: ids[i] as string, error: result.reason }] : [],
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      return invalidate();
    },
  });
}

/** The most courses a course picker offers (the api's page size limit). */
export const COURSE_OPTION_LIMIT = 100;

/** The courses one manages (admins: all), newest first, for course filters and pickers. */
export function useManagedCourseOptions() {
  return useQuery({
    queryKey: ["courses", "course-options"],
    queryFn: async ({ signal }) =>
      (await api.get<{ courses: CourseSummary[] }>(`/instructor/courses?limit=${COURSE_OPTION_LIMIT}`, signal)).data
        .courses,
    staleTime: 5 * 60_000,
  });
}

/** The course's uploaded picture (PUT with a file, DELETE to remove it); the course's thumbnail follows. */
export function useCoursePicture(area: CourseArea, courseId: string) {
  const invalidate = useInvalidateCourses();
  const path = `${area}/courses/${courseId}/picture`;
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return (await uploadWithProgress<{ course: Course }>(path, form, () => {}, "PUT")).data.course;
    },
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async () => (await api.delete<{ course: Course }>(path)).data.course,
    onSuccess: invalidate,
  });
  return { upload, remove };
}
