import type {
  CourseSummary,
  EnrolledCourse,
  Enrollment,
  EnrollmentCandidate,
  Pagination,
  Student,
  User,
} from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { authKeys } from "./auth";
import { api } from "./client";
import { courseKeys, toQuery } from "./courses";

export function useEnrolledCourses(params: { page?: number; limit: number }) {
  return useQuery({
    queryKey: ["courses", "enrolled", params],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ courses: EnrolledCourse[]; pagination: Pagination }>(
          `/users/enrolled-courses?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
  });
}

/** Reloads the signed-in user, whose credits are the balance a paid enrollment spends. */
export function useRefreshBalance() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: authKeys.profile }), [queryClient]);
}

/**
 * A learner enrolls themself; the answer carries their remaining credits, shown at once, and the
 * profile is reloaded after a success or a refusal (the balance may have changed elsewhere).
 */
export function useEnroll(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ enrollment: Enrollment; credits: number }>(`/courses/${courseId}/enroll`)).data,
    onSuccess: ({ credits }) => {
      queryClient.setQueryData<User | null>(authKeys.profile, (user) => user && { ...user, credits });
      // Not awaited: the screen that enrolled is replaced by the full course once it reloads.
      void queryClient.invalidateQueries({ queryKey: authKeys.profile });
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: authKeys.profile }),
  });
}

export function useRateCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rating: number) =>
      (await api.post<{ rating: number; stats: CourseSummary["stats"] }>(`/courses/${courseId}/rating`, { rating }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

/** A page of a Batch list: `search` matches name or e-mail on the server. */
export interface BatchListParams {
  page: number;
  limit: number;
  search?: string;
}

const batchKeys = {
  students: (courseId: string, params: BatchListParams) => ["courses", "students", courseId, params] as const,
  candidates: (courseId: string, params: BatchListParams) => ["courses", "candidates", courseId, params] as const,
};

/** The Batch tab: one page of the users enrolled in a course (admins). */
export function useStudents(courseId: string, params: BatchListParams) {
  return useQuery({
    queryKey: batchKeys.students(courseId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ students: Student[]; pagination: Pagination }>(
          `/admin/courses/${courseId}/enrollments?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The Batch tab: one page of the users not yet in the course, to add (admins). */
export function useEnrollmentCandidates(courseId: string, params: BatchListParams) {
  return useQuery({
    queryKey: batchKeys.candidates(courseId, params),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ users: EnrollmentCandidate[]; pagination: Pagination }>(
          `/admin/courses/${courseId}/enrollment-candidates?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useAddStudents(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: string[]) => {
      const answer = await api.post<{ added: number; alreadyEnrolled: number }>(
        `/admin/courses/${courseId}/enrollments`,
        { userIds },
      );
      return { ...answer.data, message: answer.message };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

export function useRemoveStudent(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      (await api.delete(`/admin/courses/${courseId}/enrollments/${userId}`)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
