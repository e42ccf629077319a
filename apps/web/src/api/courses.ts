import type { CourseSummary, Pagination } from "@lms/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";

export interface CourseListParams {
  limit: number;
  sort?: "popular" | "newest" | "title";
  category?: string;
  search?: string;
}

export const courseKeys = {
  list: (params: CourseListParams) => ["courses", "list", params] as const,
};

function toQuery(params: CourseListParams): string {
  const query = new URLSearchParams({ limit: String(params.limit) });
  if (params.sort) query.set("sort", params.sort);
  if (params.category) query.set("category", params.category);
  if (params.search) query.set("search", params.search);
  return query.toString();
}

/** The published catalogue; keeps showing the previous list while a new filter loads. */
export function useCourses(params: CourseListParams) {
  return useQuery({
    queryKey: courseKeys.list(params),
    queryFn: async ({ signal }) =>
      (await api.get<{ courses: CourseSummary[]; pagination: Pagination }>(`/courses?${toQuery(params)}`, signal)).data,
    placeholderData: keepPreviousData,
  });
}
