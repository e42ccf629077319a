import type { CourseModule, FileProgress } from "@lms/contract";

/** The syllabus and prerequisites of a course as everyone sees them, with the files that tick them. */
export interface LearningPath {
  syllabus: { _id: string; title: string; fileIds: string[] }[];
  prerequisites: { title: string; type: "requirement"; completed: false }[];
}

/**
 * One syllabus item per lesson; the prerequisites are the course's stated requirements. (The
 * course's own lessons are not prerequisites of it: they are the syllabus.)
 */
export function learningPathOf(modules: CourseModule[], requirements: string[]): LearningPath {
  return {
    syllabus: modules.flatMap((m) =>
      m.lessons.map((l) => ({ _id: l._id, title: l.title, fileIds: l.files.map((f) => f._id) })),
    ),
    prerequisites: requirements.map((title) => ({ title, type: "requirement", completed: false })),
  };
}

/** A syllabus lesson counts as viewed once any of its files was opened. */
export const lessonViewed = (fileIds: string[], progressByFile: Map<string, FileProgress>): boolean =>
  fileIds.some((id) => progressByFile.has(id));

/** The first lesson, in syllabus order, with a file not completed yet; null when there is none. */
export const nextLessonId = (
  syllabus: { _id: string; fileIds: string[] }[],
  completed: (fileId: string) => boolean,
): string | null => syllabus.find((lesson) => lesson.fileIds.some((id) => !completed(id)))?._id ?? null;
