import type { CourseListResponse } from "@lms/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "./client";

export interface CourseListParams {
  limit: number;
  page?: number;
  sort?: "popular" | "newest" | "title";
  category?: string;
  search?: string;
}

export type CourseList = CourseListResponse["data"];

export const courseKeys = {
  all: ["courses"] as const,
  list: (params: CourseListParams) => ["courses", "list", params] as const,
};

/**
 * Review state and the review queue live outside "courses" on purpose: every course write refetches
 * all active "courses" queries before its callbacks run, and these change only through review and
 * publishing calls, which refresh them themselves.
 */
export const reviewKeys = {
  all: ["course-review"] as const,
  state: (courseId: string) => ["course-review", "state", courseId] as const,
  queue: (page: number, limit: number) => ["course-review", "queue", page, limit] as const,
};

export function toQuery(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  return query.toString();
}

/** The published catalogue; keeps showing the previous list while a new filter loads. */
export function useCourses(params: CourseListParams) {
  return useQuery({
    queryKey: courseKeys.list(params),
    queryFn: async ({ signal }) => (await api.get<CourseList>(`/courses?${toQuery({ ...params })}`, signal)).data,
    placeholderData: keepPreviousData,
  });
}
