/**
 * Who may do what (ARCHITECTURE §5): the only place that holds permission rules.
 * Routes and services ask `can(...)`; they never compare roles themselves.
 */
export interface Actor {
  id: string;
  role: string;
}

export interface CourseRef {
  instructor_id: string | null;
  published: number | boolean;
}

export const isAdmin = (actor: Actor): boolean => actor.role === "admin" || actor.role === "super_admin";

const teaches = (actor: Actor, course: CourseRef) => actor.role === "instructor" && course.instructor_id === actor.id;

/** Full rights over a course and everything below it: its instructor, or any admin. */
export const canManageCourse = (actor: Actor, course: CourseRef): boolean => isAdmin(actor) || teaches(actor, course);

/** Full content (lessons, files, sessions, recordings, materials): managers, and enrolled learners. */
export const canReadCourseContent = (actor: Actor, course: CourseRef, enrolled: boolean): boolean =>
  canManageCourse(actor, course) || enrolled;

/** Public course information: anyone for a published course; managers for a draft. */
export const canSeeCourse = (actor: Actor | null, course: CourseRef): boolean =>
  Boolean(course.published) || (actor !== null && canManageCourse(actor, course));

export const canUseInstructorArea = (actor: Actor): boolean => actor.role === "instructor" || isAdmin(actor);
