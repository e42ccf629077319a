import { arrayMove } from "@dnd-kit/sortable";
import type { ContentOrder, CourseModule } from "@lms/contract";

/** The order a course's modules and lessons are in now, as the reorder call takes it. */
export const orderOf = (modules: CourseModule[]): ContentOrder => ({
  modules: modules.map((m) => ({ _id: m._id, lessonIds: m.lessons.map((l) => l._id) })),
});

/** The order after moving the module at `from` to `to`. */
export const withModuleMoved = (modules: CourseModule[], from: number, to: number): ContentOrder =>
  orderOf(arrayMove(modules, from, to));

/** The order after moving, inside module `moduleId`, the lesson at `from` to `to`. */
export const withLessonMoved = (modules: CourseModule[], moduleId: string, from: number, to: number): ContentOrder =>
  orderOf(modules.map((m) => (m._id === moduleId ? { ...m, lessons: arrayMove(m.lessons, from, to) } : m)));
