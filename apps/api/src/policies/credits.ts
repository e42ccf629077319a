import { type Actor, type CourseRef, canManageCourse, canUseInstructorArea, isAdmin } from "./actors.js";

/**
 * Granting credits (issue 21): instructors and admins may use the grant calls at all; an admin
 * grants to anyone, an instructor only to learners enrolled in a course they teach (the service
 * checks each chosen learner against `grantsToAnyone`).
 */
export const canGrantCredits = (actor: Actor): boolean => canUseInstructorArea(actor);
export const grantsToAnyone = (actor: Actor): boolean => isAdmin(actor);

/** Granting to every learner of a course, and answering its learners' requests: its managers. */
export const canGrantToCourse = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/** Asking a course's teacher for credits: a learner who could enroll in it, i.e. not one of its managers. */
export const canRequestCredits = (actor: Actor, course: CourseRef): boolean =>
  Boolean(course.published) && !canManageCourse(actor, course);
