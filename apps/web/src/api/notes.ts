import type { CourseNote, LessonNote, LessonNoteUpdate } from "@lms/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { ApiError } from "./errors";

export const noteKeys = {
  all: ["notes"] as const,
  lesson: (courseId: string, lessonId: string) => ["notes", "lesson", courseId, lessonId] as const,
  course: (courseId: string) => ["notes", "course", courseId] as const,
};

const lessonNotePath = (courseId: string, lessonId: string) => `/courses/${courseId}/lessons/${lessonId}/notes`;

/** The signed-in user's own note on a lesson (empty with no version when there is none). */
export function useLessonNote(courseId: string, lessonId: string) {
  return useQuery({
    queryKey: noteKeys.lesson(courseId, lessonId),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api.get<{ note: LessonNote }>(lessonNotePath(courseId, lessonId), signal)).data.note,
  });
}

/** The signed-in user's notes of a course, in course order. */
export function useCourseNotes(courseId: string) {
  return useQuery({
    queryKey: noteKeys.course(courseId),
    queryFn: async ({ signal }) =>
      (await api.get<{ notes: CourseNote[] }>(`/courses/${courseId}/notes`, signal)).data.notes,
  });
}

export type NoteSaveAnswer = { saved: LessonNote } | { conflict: LessonNote };

function conflictNote(error: unknown): LessonNote | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as { note?: LessonNote } | undefined;
  return data?.note ?? null;
}

/** Saves on the version the text was based on; a 409 answers the server's newer copy instead of throwing. */
export async function putLessonNote(
  courseId: string,
  lessonId: string,
  update: LessonNoteUpdate,
): Promise<NoteSaveAnswer> {
  try {
    const { data } = await api.put<{ note: LessonNote }>(lessonNotePath(courseId, lessonId), update);
    return { saved: data.note };
  } catch (error) {
    const note = conflictNote(error);
    if (note) return { conflict: note };
    throw error;
  }
}
