/**
 * Who may do what (ARCHITECTURE §5): the only place that holds permission rules.
 * Routes and services ask `can(...)`; they never compare roles themselves.
 */
import { type Actor, type CourseRef, canManageCourse, canUseInstructorArea, isAdmin, teaches } from "./actors.js";

export * from "./actors.js";

/** Full content (lessons, files, sessions, recordings, materials): managers, and enrolled learners. */
export const canReadCourseContent = (actor: Actor, course: CourseRef, enrolled: boolean): boolean =>
  canManageCourse(actor, course) || enrolled;

/**
 * Whether someone refused a course's content is told to enrol (learners: 403 `not enrolled`, and
 * the public course info is offered instead) rather than denied outright (staff, spec §8).
 */
export const readsByEnrolling = (actor: Actor): boolean => actor.role === "learner";

/**
 * Keeping one's own lesson notes: whoever may read the lesson (managers, enrolled learners). A note
 * is only ever read or written by its author: the notes calls take no user id, they use the caller's.
 */
export const canKeepLessonNotes = (actor: Actor, course: CourseRef, enrolled: boolean): boolean =>
  canReadCourseContent(actor, course, enrolled);

/** Public course information: anyone for a published course; managers for a draft. */
export const canSeeCourse = (actor: Actor | null, course: CourseRef): boolean =>
  Boolean(course.published) || (actor !== null && canManageCourse(actor, course));

/** Creating courses: instructors (for themselves) and admins (for an instructor they name). */
export const canCreateCourse = (actor: Actor): boolean => canUseInstructorArea(actor);

/**
 * Publishing and unpublishing (spec §6, issue 9): admins always; the course's instructor only while
 * the system setting `instructorsMayPublish` is on.
 */
export const canPublishCourse = (actor: Actor, course: CourseRef, settings: { instructorsMayPublish: boolean }) =>
  isAdmin(actor) || (settings.instructorsMayPublish && teaches(actor, course));

/** Choosing a course's instructor and enrolling or removing others: admins only. */
export const canAssignInstructor = (actor: Actor): boolean => isAdmin(actor);
export const canManageEnrollments = (actor: Actor): boolean => isAdmin(actor);

/** Enrolling oneself: in a published course one does not manage. */
export const canEnrollSelf = (actor: Actor, course: CourseRef): boolean =>
  Boolean(course.published) && !canManageCourse(actor, course);

/** Draft lessons are seen by the course's managers only. */
export const canSeeDraftLessons = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

export const canManageCategories = (actor: Actor): boolean => isAdmin(actor);

/** Live sessions (spec §4, §6): who may use the scheduling calls at all. */
export const canScheduleSessions = (actor: Actor): boolean => canUseInstructorArea(actor);

/** Scheduling, moving, starting, ending a course's sessions, seeing attendance, managing recordings. */
export const canManageSessions = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/** Seeing a course's sessions and recordings, and joining them: its managers and enrolled learners. */
export const canAttendSessions = (actor: Actor, course: CourseRef, enrolled: boolean): boolean =>
  canReadCourseContent(actor, course, enrolled);

/** The host (start) link goes only to the session's instructor or an admin; everyone else is an attendee. */
export const canHostSession = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/** Lists, dashboards and calendar feeds: admins see every course's sessions, others those of their courses. */
export const seesAllSessions = (actor: Actor): boolean => isAdmin(actor);

/** Submitting a course for review: its instructor only (admins publish it themselves). */
export const canSubmitForReview = (actor: Actor, course: CourseRef): boolean => teaches(actor, course);

/** The review queue, and publishing or sending back a submitted course: admins. */
export const canReviewCourses = (actor: Actor): boolean => isAdmin(actor);

/** The admin dashboard's System stats: admins. */
export const canViewSystemStats = (actor: Actor): boolean => isAdmin(actor);

/** The admin reports (issue 11): admins. */
export const canGenerateReports = (actor: Actor): boolean => isAdmin(actor);

/** Loading and saving the system settings (spec §6): admins. */
export const canManageSettings = (actor: Actor): boolean => isAdmin(actor);

/**
 * User management (ARCHITECTURE §5, spec §6). Each rule answers null when allowed, otherwise the
 * reason it refuses. Only a super_admin gives the super_admin role or changes a super_admin.
 */
export type UserChangeRefusal = "superAdminOnly" | "selfDemote" | "superAdminUndeletable" | "selfDelete";

export const canManageUsers = (actor: Actor): boolean => isAdmin(actor);

export function refuseUserChange(
  actor: Actor,
  target: Actor | null,
  changes: { role?: string; status?: string },
): UserChangeRefusal | null {
  const superAdmin = actor.role === "super_admin";
  if (!superAdmin && (changes.role === "super_admin" || target?.role === "super_admin")) return "superAdminOnly";
  if (target?.id === actor.id) {
    const demoted = changes.role !== undefined && changes.role !== actor.role;
    const deactivated = changes.status !== undefined && changes.status !== "active";
    if (demoted || deactivated) return "selfDemote";
  }
  return null;
}

/**
 * Ending someone's sessions or resetting their two-factor sign-in: any admin for instructors and
 * learners; only a super admin for an admin or a super admin (a plain admin cannot lock out a peer).
 */
export function refuseAccountSecurityAction(actor: Actor, target: Actor): "adminsBySuperAdmin" | null {
  return isAdmin(target) && actor.role !== "super_admin" ? "adminsBySuperAdmin" : null;
}

/** Nobody deletes a super_admin; nobody deletes themself. */
export function refuseUserDelete(actor: Actor, target: Actor): UserChangeRefusal | null {
  if (target.role === "super_admin") return "superAdminUndeletable";
  if (target.id === actor.id) return "selfDelete";
  return null;
}

export * from "./analytics.js";
export * from "./assessments.js";

/** Taking and listing backups (issue 11): admins. */
export const canManageBackups = (actor: Actor): boolean => isAdmin(actor);
/**
 * Downloading an archive: super admins only. It holds every password hash and sealed two-factor
 * secret, including the super admins' own, which a plain admin may not otherwise touch.
 */
export const canDownloadBackups = (actor: Actor): boolean => actor.role === "super_admin";
export * from "./certificates.js";
export * from "./credits.js";
export * from "./discussions.js";
export * from "./jobs.js";
export * from "./messages.js";
export * from "./notifications.js";
export * from "./storage.js";

/** Copying a course to a new draft (next term's copy): whoever may create courses and manages this one. */
export const canCopyCourse = (actor: Actor, course: CourseRef): boolean =>
  canCreateCourse(actor) && canManageCourse(actor, course);
