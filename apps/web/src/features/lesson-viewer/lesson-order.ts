import type { CourseModule, Lesson } from "@lms/contract";

export interface LessonPlace {
  lesson: Lesson;
  module: CourseModule;
  previous: Lesson | null;
  next: Lesson | null;
}

/** Every lesson in course order, so Previous and Next cross module boundaries. */
export function allLessons(modules: CourseModule[]): { lesson: Lesson; module: CourseModule }[] {
  return modules.flatMap((module) => module.lessons.map((lesson) => ({ lesson, module })));
}

export function locateLesson(modules: CourseModule[], lessonId: string): LessonPlace | null {
  const lessons = allLessons(modules);
  const index = lessons.findIndex((entry) => entry.lesson._id === lessonId);
  if (index === -1) return null;
  return {
    ...lessons[index],
    previous: lessons[index - 1]?.lesson ?? null,
    next: lessons[index + 1]?.lesson ?? null,
  };
}

/** Spec §4: an unknown lesson id goes to the first lesson of the first module. */
export function firstLesson(modules: CourseModule[]): Lesson | null {
  return allLessons(modules)[0]?.lesson ?? null;
}

export const isLessonComplete = (lesson: Lesson): boolean =>
  lesson.files.length > 0 && lesson.files.every((file) => file.progress?.completed);
