import type { CourseReviewState, Pagination, ReviewDecision, ReviewQueueItem } from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { courseKeys, reviewKeys, toQuery } from "./courses";

/** The course's review state and what its instructor may do next (issue 9). */
export function useCourseReview(courseId: string, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.state(courseId),
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<CourseReviewState>(`/instructor/courses/${courseId}/review`, signal)).data,
  });
}

export function useSubmitForReview(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data, message } = await api.post<CourseReviewState>(`/instructor/courses/${courseId}/review`);
      return { state: data, message };
    },
    onSuccess: ({ state }) => {
      queryClient.setQueryData(reviewKeys.state(courseId), state);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

/** Admins: the courses waiting for review, oldest first. */
export function useReviewQueue(page: number, limit: number) {
  return useQuery({
    queryKey: reviewKeys.queue(page, limit),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ courses: ReviewQueueItem[]; pagination: Pagination }>(
          `/admin/courses/reviews?${toQuery({ page, limit })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Publishing changes the course too, so every course answer is refreshed (not awaited: the row leaves the list). */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ courseId, decision }: { courseId: string; decision: ReviewDecision }) =>
      (await api.post<CourseReviewState>(`/admin/courses/${courseId}/review`, decision)).message,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
}
