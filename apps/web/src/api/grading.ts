import type { AssessmentResult, Attempt, GradeSubmission, Pagination, RegradeResult } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

/** The most submissions the grading screen steps through at once (the api's page size limit). */
export const SUBMISSIONS_PAGE = 100;

const keys = {
  submissions: (assessmentId: string, onlyUngraded: boolean) =>
    ["grading", "submissions", assessmentId, onlyUngraded] as const,
  attempt: (attemptId: string) => ["grading", "attempt", attemptId] as const,
};

/** An assessment's submissions, newest first; only those waiting for a hand grade when asked. */
export function useSubmissions(courseId: string, assessmentId: string, onlyUngraded: boolean) {
  return useQuery({
    queryKey: keys.submissions(assessmentId, onlyUngraded),
    queryFn: async ({ signal }) => {
      const query = `limit=${SUBMISSIONS_PAGE}${onlyUngraded ? "&state=submitted" : ""}`;
      return (
        await api.get<{ results: AssessmentResult[]; pagination: Pagination }>(
          `/instructor/courses/${courseId}/assessments/${assessmentId}/results?${query}`,
          signal,
        )
      ).data;
    },
  });
}

/** One submission with every answer, the key, and uploaded files (managers read any of their course). */
export function useSubmission(attemptId: string | null) {
  return useQuery({
    queryKey: keys.attempt(attemptId ?? ""),
    queryFn: async ({ signal }) => (await api.get<{ attempt: Attempt }>(`/attempts/${attemptId}`, signal)).data.attempt,
    enabled: attemptId !== null,
  });
}

/** After grading or a regrade, submissions, counts and the gradebook are stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === "grading" || queryKey[0] === "assessments",
    });
}

export function useGradeSubmission(courseId: string, assessmentId: string) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ submissionId, input }: { submissionId: string; input: GradeSubmission }) =>
      (
        await api.put<{ attempt: Attempt }>(
          `/instructor/courses/${courseId}/assessments/${assessmentId}/submissions/${submissionId}`,
          input,
        )
      ).data.attempt,
    onSuccess: (attempt) => {
      queryClient.setQueryData(keys.attempt(attempt._id), attempt);
      return refresh();
    },
  });
}

/** Scores every attempt's automatically graded questions again against the current questions. */
export function useRegrade(courseId: string, assessmentId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => {
      const response = await api.post<RegradeResult>(
        `/instructor/courses/${courseId}/assessments/${assessmentId}/regrade`,
      );
      return { ...response.data, message: response.message };
    },
    onSuccess: refresh,
  });
}
