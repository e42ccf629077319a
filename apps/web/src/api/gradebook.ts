import type { Gradebook, MyGrades } from "@lms/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { toQuery } from "./courses";
import { downloadFile } from "./download";

export const gradebookKeys = {
  course: (courseId: string, params: GradebookParams) => ["gradebook", courseId, params] as const,
  mine: ["gradebook", "mine"] as const,
};

export interface GradebookParams {
  page: number;
  limit: number;
  search?: string;
}

/** A page of a course's gradebook (managers), or the caller's own row (learners); keeps the last page while the next loads. */
export function useGradebook(courseId: string, params: GradebookParams) {
  return useQuery({
    queryKey: gradebookKeys.course(courseId, params),
    queryFn: async ({ signal }) =>
      (await api.get<Gradebook>(`/courses/${courseId}/gradebook?${toQuery({ ...params })}`, signal)).data,
    placeholderData: keepPreviousData,
  });
}

/** The learner dashboard's Gradebook card: grades per course and the work due next. */
export function useMyGrades() {
  return useQuery({
    queryKey: gradebookKeys.mine,
    queryFn: async ({ signal }) => (await api.get<MyGrades>("/users/grades", signal)).data,
  });
}

/** Saves the whole gradebook of a course as CSV (streamed by the server). */
export function useExportGradebook(courseId: string, fileName: string) {
  return useMutation({ mutationFn: () => downloadFile(`/courses/${courseId}/gradebook.csv`, fileName) });
}
