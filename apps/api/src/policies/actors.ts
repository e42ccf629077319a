/** Who acts, and the course fields every course rule needs (ARCHITECTURE §5). */
export interface Actor {
  id: string;
  role: string;
}

export interface CourseRef {
  instructor_id: string | null;
  published: number | boolean;
}

export const isAdmin = (actor: Actor): boolean => actor.role === "admin" || actor.role === "super_admin";

export const teaches = (actor: Actor, course: CourseRef) =>
  actor.role === "instructor" && course.instructor_id === actor.id;

/** Full rights over a course and everything below it: its instructor, or any admin. */
export const canManageCourse = (actor: Actor, course: CourseRef): boolean => isAdmin(actor) || teaches(actor, course);

/** The instructor area (workspace lists, scheduling, grading): instructors and admins. */
export const canUseInstructorArea = (actor: Actor): boolean => actor.role === "instructor" || isAdmin(actor);
