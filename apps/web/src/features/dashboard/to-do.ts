import type { LearnerToDo } from "@lms/contract";

/** What a to-do says about time: minutes left on an open timed attempt, its due date, or nothing. */
export type ToDoTiming =
  | { kind: "timeLeft"; minutes: number }
  | { kind: "overdue"; dueDate: string }
  | { kind: "due"; dueDate: string }
  | { kind: "undated" };

export function toDoTiming(todo: LearnerToDo, now: number): ToDoTiming {
  if (todo.attemptDeadline !== null) {
    return { kind: "timeLeft", minutes: Math.max(0, Math.ceil((Date.parse(todo.attemptDeadline) - now) / 60_000)) };
  }
  if (todo.dueDate === null) return { kind: "undated" };
  return Date.parse(todo.dueDate) <= now
    ? { kind: "overdue", dueDate: todo.dueDate }
    : { kind: "due", dueDate: todo.dueDate };
}

/** Where a to-do is worked on: the assessment's page, which resumes an open attempt. */
export const toDoPath = (todo: Pick<LearnerToDo, "_id" | "courseId">) =>
  `/courses/${todo.courseId}/assessments/${todo._id}`;
