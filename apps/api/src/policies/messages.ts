import { type Actor, type CourseRef, canManageCourse, isAdmin, teaches } from "./actors.js";

/**
 * Private messages (issue 23). A course's teachers (its managers) message any of its learners, one
 * by one, chosen, or all of them; a learner messages the course's instructor, and other learners of
 * the course only where the course turns learner-to-learner messages on. Nobody else writes there.
 */
export const teachesForMessages = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/** Whether `actor` may start a conversation in the course with this person. */
export function mayMessage(
  actor: Actor,
  course: CourseRef & { learner_messages?: number },
  actorEnrolled: boolean,
  recipient: { user: Actor; enrolled: boolean },
): "allowed" | "learnerMessagesOff" | "notARecipient" {
  if (recipient.user.id === actor.id) return "notARecipient";
  if (teachesForMessages(actor, course)) return recipient.enrolled ? "allowed" : "notARecipient";
  if (!actorEnrolled) return "notARecipient";
  if (teaches(recipient.user, course)) return "allowed";
  if (!recipient.enrolled) return "notARecipient";
  return course.learner_messages ? "allowed" : "learnerMessagesOff";
}

/** Turning learner-to-learner messages on or off: the course's managers. */
export const canManageMessageSettings = (actor: Actor, course: CourseRef): boolean => canManageCourse(actor, course);

/**
 * Reading a conversation one does not take part in: admins, and only once a participant reported
 * it (every such read is written to the audit log).
 */
export const canReadReportedConversation = (actor: Actor, reported: boolean): boolean => isAdmin(actor) && reported;

/** The reported conversations' list: admins. */
export const canReviewReportedConversations = (actor: Actor): boolean => isAdmin(actor);
