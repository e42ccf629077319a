import type { CourseNote, LessonNote } from "@lms/contract";
import type { courseNotes, NoteRow } from "./repo.js";

type CourseNoteRow = Awaited<ReturnType<typeof courseNotes>>[number];

/** No note is an empty text with no version. */
export const presentNote = (
  lessonId: string,
  row: Pick<NoteRow, "content" | "updated_at"> | undefined,
): LessonNote => ({
  lessonId,
  content: row?.content ?? "",
  updatedAt: row?.updated_at ?? null,
});

export const presentCourseNote = (row: CourseNoteRow): CourseNote => ({
  lessonId: row.lesson_id,
  content: row.content,
  updatedAt: row.updated_at,
  lessonTitle: row.lesson_title,
  moduleId: row.module_id,
  moduleTitle: row.module_title,
});
