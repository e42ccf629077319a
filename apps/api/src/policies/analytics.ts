import { type Actor, type CourseRef, canManageCourse } from "./actors.js";

/** A course's analytics and its learners' progress, grades and export: its managers (instructor, admins). */
export const canViewCourseAnalytics = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);
