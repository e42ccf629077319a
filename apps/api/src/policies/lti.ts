import { type Actor, type CourseRef, canManageCourse, isAdmin } from "./actors.js";

/** Registering LTI tools and rotating the platform's keys: admins. */
export const canManageLtiTools = (actor: Actor): boolean => isAdmin(actor);

/** Launching a lesson's LTI link: the course's managers, and its enrolled learners once the lesson is published. */
export const canLaunchLtiLink = (actor: Actor, course: CourseRef, enrolled: boolean, lessonPublished: boolean) =>
  canManageCourse(actor, course) || (enrolled && lessonPublished);
