import { type Actor, type CourseRef, canManageCourse, canUseInstructorArea } from "./actors.js";

/**
 * Course discussions (issue 23). Reading and writing: the course's managers and enrolled learners
 * (others get 403 `not enrolled`). Moderation (pin, lock, deleting anyone's post, the reports, the
 * course-wide subscription and the forum settings): the course's managers.
 */
export const canTakePartInDiscussions = (actor: Actor, course: CourseRef, enrolled: boolean): boolean =>
  canManageCourse(actor, course) || enrolled;

export const canModerateDiscussions = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/** The moderation routes at all: only instructors and admins can manage any course. */
export const canUseDiscussionModeration = (actor: Actor): boolean => canUseInstructorArea(actor);

/**
 * Editing one's own post: within the edit window after posting; a course's managers edit their
 * own posts at any time (a pinned notice stays correct). Nobody edits another's post.
 */
export const canEditDiscussionPost = (
  actor: Actor,
  course: CourseRef,
  post: { author_id: string | null; created_at: string },
  now: Date,
  windowMinutes: number,
): boolean =>
  post.author_id === actor.id &&
  (canManageCourse(actor, course) || now.getTime() - Date.parse(post.created_at) <= windowMinutes * 60_000);

/** Deleting a post: its author, or a course manager. */
export const canDeleteDiscussionPost = (actor: Actor, course: CourseRef, post: { author_id: string | null }): boolean =>
  post.author_id === actor.id || canManageCourse(actor, course);

/** Accepting an answer in a Q&A thread: the asker, or a course manager. */
export const canAcceptDiscussionAnswer = (
  actor: Actor,
  course: CourseRef,
  thread: { author_id: string | null },
): boolean => thread.author_id === actor.id || canManageCourse(actor, course);

/**
 * Post-before-view Q&A (Moodle's Q&A forum): with the course setting on, a learner sees other
 * learners' replies in a Q&A thread only once they have replied there. The asker sees every answer
 * to their question; managers' replies are never held back (they are the course's answers).
 */
export const mustPostBeforeViewing = (
  actor: Actor,
  course: CourseRef,
  thread: { type: string; author_id: string | null },
  settings: { postBeforeView: boolean },
  hasReplied: boolean,
): boolean =>
  settings.postBeforeView &&
  thread.type === "question" &&
  thread.author_id !== actor.id &&
  !canManageCourse(actor, course) &&
  !hasReplied;
