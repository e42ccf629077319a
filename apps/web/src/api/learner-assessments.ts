import type { AnswerValue, Attempt, LearnerAssessment, Question } from "@lms/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { uploadWithProgress } from "./upload";

export type AttemptSummary = Omit<Attempt, "questions" | "pointsSoFar" | "pointsPending">;
export interface LearnerAssessmentView {
  assessment: LearnerAssessment;
  attempts: AttemptSummary[];
  /** The course's managers only: the questions, for the read-only preview. */
  questions?: Question[];
  canManage: boolean;
}

const keys = {
  course: (courseId: string) => ["learner-assessments", "course", courseId] as const,
  one: (assessmentId: string) => ["learner-assessments", "one", assessmentId] as const,
  attempt: (attemptId: string) => ["learner-assessments", "attempt", attemptId] as const,
};

/** A course's published assessments with the learner's own state (issue 10). */
export function useCourseAssessments(courseId: string) {
  return useQuery({
    queryKey: keys.course(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<{ assessments: LearnerAssessment[] }>(`/courses/${courseId}/assessments`, signal)).data
        .assessments,
  });
}

/** One assessment as its learner sees it, with their attempts. */
export function useLearnerAssessment(assessmentId: string) {
  return useQuery({
    queryKey: keys.one(assessmentId),
    queryFn: async ({ signal }) => (await api.get<LearnerAssessmentView>(`/assessments/${assessmentId}`, signal)).data,
    retry: false,
  });
}

export function useAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: keys.attempt(attemptId ?? ""),
    queryFn: async ({ signal }) => (await api.get<{ attempt: Attempt }>(`/attempts/${attemptId}`, signal)).data.attempt,
    enabled: attemptId !== null,
    retry: false,
  });
}

/** The learner's lists and views are stale after an attempt starts or ends. */
function useRefreshAssessments() {
  const queryClient = useQueryClient();
  return (attempt: Attempt) => {
    queryClient.setQueryData(keys.attempt(attempt._id), attempt);
    return queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === "learner-assessments" && query.queryKey[1] !== "attempt",
    });
  };
}

/** Starts an attempt, or answers the one under way. */
export function useStartAttempt(assessmentId: string) {
  const refresh = useRefreshAssessments();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ attempt: Attempt }>(`/assessments/${assessmentId}/attempts`)).data.attempt,
    onSuccess: refresh,
  });
}

export type AnswerMap = Record<string, AnswerValue | null>;

export const saveAnswers = async (attemptId: string, answers: AnswerMap) =>
  (
    await api.put<{ attempt: Attempt }>(`/attempts/${attemptId}/answers`, {
      answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })),
    })
  ).data.attempt;

export function useSubmitAttempt() {
  const refresh = useRefreshAssessments();
  return useMutation({
    mutationFn: async (attemptId: string) =>
      (await api.post<{ attempt: Attempt }>(`/attempts/${attemptId}/submit`)).data.attempt,
    onSuccess: refresh,
  });
}

/** Uploads (or replaces) the file answer of a file_upload question; reports progress from 0 to 1. */
export function useUploadAnswerFile(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      questionId,
      file,
      onProgress,
    }: {
      questionId: string;
      file: File;
      onProgress: (fraction: number) => void;
    }) => {
      const form = new FormData();
      form.append("file", file);
      return (
        await uploadWithProgress<{ attempt: Attempt }>(`/attempts/${attemptId}/files/${questionId}`, form, onProgress)
      ).data.attempt;
    },
    onSuccess: (attempt) => queryClient.setQueryData(keys.attempt(attempt._id), attempt),
  });
}

export function useRemoveAnswerFile(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questionId: string) =>
      (await api.delete<{ attempt: Attempt }>(`/attempts/${attemptId}/files/${questionId}`)).data.attempt,
    onSuccess: (attempt) => queryClient.setQueryData(keys.attempt(attempt._id), attempt),
  });
}
