import type { ShowCorrectAnswers } from "@lms/contract";
import { type Actor, type CourseRef, canManageCourse } from "./actors.js";

/** Writing, deleting and reading the results of a course's assessments: its managers. */
export const canManageAssessments = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/** Taking a course's published assessments: its enrolled learners (managers preview, they do not take). */
export const canTakeAssessments = (enrolled: boolean): boolean => enrolled;

/**
 * When a learner may see the answer key of their attempt: never; once the attempt is finished
 * (after_submit); or once it is finished and their due date has passed (after_due; with no due
 * date the key is never shown, since there is no moment after which every learner is done).
 */
export function canSeeCorrectAnswers(
  rule: ShowCorrectAnswers,
  attemptFinished: boolean,
  dueDate: string | null,
  now: Date,
): boolean {
  if (!attemptFinished || rule === "never") return false;
  if (rule === "after_submit") return true;
  return dueDate !== null && now.getTime() >= Date.parse(dueDate);
}

/** The whole gradebook of a course (every learner's grades, the CSV export): its managers. */
export const canSeeCourseGradebook = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/** One's own row of a course's gradebook: its enrolled learners. */
export const canSeeOwnGrades = (enrolled: boolean): boolean => enrolled;
