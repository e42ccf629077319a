import type { Kysely } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { insertNotification, insertRecipients, setCounts } from "./repo.js";

/**
 * In-app notifications of the product's own events (a session scheduled, moved or cancelled; a
 * submission graded). Callers pass their transaction so the notification lands with the change.
 * These go in-app only: the events already send their own e-mails.
 */
export interface ProductEvent {
  kind: "session" | "grade" | "grading" | "course_review";
  title: string;
  message: string;
  link: string;
  stamp: string;
}

async function publish(
  db: Kysely<Database>,
  event: ProductEvent,
  audience: { type: "course"; courseId: string } | { type: "users"; userIds: string[] },
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
    channels: JSON.stringify(["in-app"]),
    sender_id: null,
    recipient_count: 0,
    read_count: 0,
    email_total: 0,
    email_delivered: 0,
    email_failed: 0,
    email_skipped: 0,
    created_at: event.stamp,
  });
  const recipients = await insertRecipients(db, id, audience, { inApp: true, email: false });
  await setCounts(db, id, recipients, 0);
  return recipients;
}

/** To the active learners enrolled in a course. */
export const notifyCourseLearners = (db: Kysely<Database>, courseId: string, event: ProductEvent) =>
  publish(db, event, { type: "course", courseId });

export const notifyUser = (db: Kysely<Database>, userId: string, event: ProductEvent) =>
  publish(db, event, { type: "users", userIds: [userId] });
