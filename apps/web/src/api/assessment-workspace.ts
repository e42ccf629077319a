import type {
  Assessment,
  AssessmentCreate,
  AssessmentListState,
  AssessmentType,
  AssessmentUpdate,
  Pagination,
} from "@lms/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { toQuery } from "./courses";
import { uploadWithProgress } from "./upload";

/** Every assessment answer (course tabs, dashboard, workspace) starts with "assessments": one write refreshes them all. */
const keys = {
  all: ["assessments"] as const,
  workspace: (params: WorkspaceAssessmentParams) => ["assessments", "workspace", params] as const,
  one: (assessmentId: string) => ["assessments", "one", assessmentId] as const,
};

export interface WorkspaceAssessmentParams {
  page: number;
  limit: number;
  courseId?: string;
  type?: AssessmentType;
  state?: AssessmentListState;
  search?: string;
}

/** /instructor/assessments: every assessment of the courses one manages (admins: all), filtered and paged on the server. */
export function useWorkspaceAssessments(params: WorkspaceAssessmentParams, enabled = true) {
  return useQuery({
    queryKey: keys.workspace(params),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ assessments: Assessment[]; pagination: Pagination }>(
          `/instructor/assessments?${toQuery({ ...params })}`,
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** One assessment with its questions and answer key (managers of its course only). */
export function useWorkspaceAssessment(assessmentId: string | null) {
  return useQuery({
    queryKey: keys.one(assessmentId ?? ""),
    enabled: assessmentId !== null,
    queryFn: async ({ signal }) =>
      (await api.get<{ assessment: Assessment }>(`/instructor/assessments/${assessmentId}`, signal)).data.assessment,
  });
}

export type SaveAssessment =
  | { courseId: string; assessmentId?: undefined; input: AssessmentCreate }
  | { courseId: string; assessmentId: string; input: AssessmentUpdate };

/** Creates (no assessmentId) or updates an assessment with its questions inline. */
export function useSaveAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ courseId, assessmentId, input }: SaveAssessment) => {
      const base = `/instructor/courses/${courseId}/assessments`;
      const response = assessmentId
        ? await api.put<{ assessment: Assessment }>(`${base}/${assessmentId}`, input)
        : await api.post<{ assessment: Assessment }>(base, input);
      return response.data.assessment;
    },
    onSuccess: (assessment) => {
      queryClient.setQueryData(keys.one(assessment._id), assessment);
      return queryClient.invalidateQueries({
        queryKey: keys.all,
        predicate: (query) => query.queryKey[1] !== "one" || query.queryKey[2] !== assessment._id,
      });
    },
  });
}

/** A draft copy of an assessment in a course one manages. */
export function useDuplicateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ assessmentId, courseId }: { assessmentId: string; courseId: string }) =>
      (await api.post<{ assessment: Assessment }>(`/instructor/assessments/${assessmentId}/duplicate`, { courseId }))
        .data.assessment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export interface QuestionImageTarget {
  courseId: string;
  assessmentId: string;
  questionId: string;
}
const imagePath = ({ courseId, assessmentId, questionId }: QuestionImageTarget) =>
  `/instructor/courses/${courseId}/assessments/${assessmentId}/questions/${questionId}/image`;

/** Sets (file) or removes (no file) a stored question's image; the answer is the assessment as it is now. */
export function useQuestionImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, alt, ...target }: QuestionImageTarget & { file: File | null; alt?: string }) => {
      if (!file) return (await api.delete<{ assessment: Assessment }>(imagePath(target))).data.assessment;
      const form = new FormData();
      if (alt !== undefined) form.append("alt", alt);
      form.append("file", file);
      return (await uploadWithProgress<{ assessment: Assessment }>(imagePath(target), form, () => {})).data.assessment;
    },
    onSuccess: (assessment) => queryClient.setQueryData(keys.one(assessment._id), assessment),
  });
}

/** An image for a question not saved yet; the save names its `_id` in the question's `imageUpload`. */
export function usePendingQuestionImage() {
  return useMutation({
    mutationFn: async ({ courseId, file }: { courseId: string; file: File }) => {
      const form = new FormData();
      form.append("file", file);
      const path = `/instructor/courses/${courseId}/question-images`;
      return (await uploadWithProgress<{ upload: { _id: string; url: string } }>(path, form, () => {})).data.upload;
    },
  });
}
