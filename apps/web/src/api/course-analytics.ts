import type { AnalyticsInterval, CourseAnalytics, Pagination, StudentProgress, StudentSort } from "@lms/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { toQuery } from "./courses";
import { downloadFile } from "./download";

/** A course's figures and charts for its managers (GET .../analytics, spec §7). */
export function useCourseAnalytics(courseId: string, interval: AnalyticsInterval) {
  return useQuery({
    queryKey: ["courses", courseId, "analytics", interval],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ analytics: CourseAnalytics }>(
          `/instructor/courses/${courseId}/analytics?interval=${interval}`,
          signal,
        )
      ).data.analytics,
    placeholderData: keepPreviousData,
  });
}

export interface StudentListParams {
  page: number;
  limit: number;
  search: string;
  sort: StudentSort;
  order: "asc" | "desc";
}

/** One page of the course's learners with their standing (GET .../students/progress, spec §7). */
export function useStudentProgress(courseId: string, params: StudentListParams) {
  return useQuery({
    queryKey: ["courses", courseId, "students", params],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ students: StudentProgress[]; pagination: Pagination }>(
          `/instructor/courses/${courseId}/students/progress?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Saves every learner of the list (same search and order) as a CSV file. */
export function useExportStudents(courseId: string) {
  return useMutation({
    mutationFn: ({ search, sort, order, fileName }: Omit<StudentListParams, "page" | "limit"> & { fileName: string }) =>
      downloadFile(
        `/instructor/courses/${courseId}/students/progress/export?${toQuery({ search, sort, order })}`,
        fileName,
      ),
  });
}
