import type { Kysely } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import type { JobWriter } from "../../outbox/outbox.js";
import { announceNotification } from "./created.js";
import { NOTIFICATION_EMAIL_JOB, type NotificationEmailPayload } from "./email.js";
import { insertNotification, insertRecipients, setCounts } from "./repo.js";

/**
 * In-app notifications of the product's own events (a session scheduled, moved, cancelled or started; a
 * submission graded, credits granted or asked for). Callers pass their transaction so the
 * notification lands with the change. Most go in-app only, their events sending their own e-mails;
 * `notifyUserWithEmail` also sends the notification itself by e-mail.
 */
export interface ProductEvent {
  kind:
    | "session"
    | "grade"
    | "session_moved"
    | "session_started"
    | "credits"
    | "grading"
    | "course_review"
    | "discussion_reply"
    | "certificate"
    | "message";
  title: string;
  message: string;
  link: string;
  stamp: string;
}

async function publish(
  db: Kysely<Database>,
  event: ProductEvent,
  audience: { type: "course"; courseId: string } | { type: "users"; userIds: string[] },
  email?: JobWriter,
): Promise<number> {
  const id = newId();
  await insertNotification(db, {
    id,
    kind: event.kind,
    title: event.title,
    message: event.message,
    link: event.link,
    audience: JSON.stringify(audience),
    course_title: null,
    channels: JSON.stringify(email ? ["in-app", "email"] : ["in-app"]),
    sender_id: null,
    recipient_count: 0,
    read_count: 0,
    email_total: 0,
    email_delivered: 0,
    email_failed: 0,
    email_skipped: 0,
    created_at: event.stamp,
  });
  const recipients = await insertRecipients(db, id, audience, { inApp: true, email: Boolean(email) });
  await setCounts(db, id, recipients, email ? recipients : 0);
  if (email && recipients > 0) {
    await email.enqueue(db, NOTIFICATION_EMAIL_JOB, { notificationId: id } satisfies NotificationEmailPayload);
  }
  if (recipients > 0) announceNotification(id);
  return recipients;
}

/** To the active learners enrolled in a course. */
export const notifyCourseLearners = (db: Kysely<Database>, courseId: string, event: ProductEvent) =>
  publish(db, event, { type: "course", courseId });

export const notifyUser = (db: Kysely<Database>, userId: string, event: ProductEvent) =>
  publish(db, event, { type: "users", userIds: [userId] });

export const notifyUsers = (db: Kysely<Database>, userIds: string[], event: ProductEvent) =>
  publish(db, event, { type: "users", userIds });

/**
 * In-app and by e-mail, as a broadcast goes: the notification e-mail job sends after the commit and
 * holds the message back for users who turned e-mail notifications off (or while the site has).
 * The caller kicks the outbox once its transaction committed.
 */
export const notifyUserWithEmail = (db: Kysely<Database>, outbox: JobWriter, userId: string, event: ProductEvent) =>
  publish(db, event, { type: "users", userIds: [userId] }, outbox);

/** In-app and by e-mail to chosen users (e.g. a discussion's subscribers), as `notifyUserWithEmail` does for one. */
export const notifyUsersWithEmail = (db: Kysely<Database>, outbox: JobWriter, userIds: string[], event: ProductEvent) =>
  publish(db, event, { type: "users", userIds }, outbox);
