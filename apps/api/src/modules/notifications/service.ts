import { type broadcastNotificationSchema, NOTIFICATION_MESSAGES as M } from "@lms/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, fieldError, notFound } from "../../http/errors.js";
import { pagination } from "../../http/failures.js";
import type { Outbox } from "../../outbox/outbox.js";
import type { Actor } from "../../policies/index.js";
import { announceNotification } from "./created.js";
import { NOTIFICATION_EMAIL_JOB, type NotificationEmailPayload } from "./email.js";
import { toNotification, toSentNotification } from "./present.js";
import * as repo from "./repo.js";

type Broadcast = z.output<typeof broadcastNotificationSchema>;
type Page = { page: number; limit: number };

/** Admin broadcasts (with their history) and every user's own in-app notifications (issue 11). */
export function createNotificationService(deps: { db: Kysely<Database>; outbox: Outbox; now: () => Date }) {
  const { db, outbox, now } = deps;

  /** Refuses an unknown course or user; answers the course's title for a course audience. */
  async function checkAudience(audience: Broadcast["audience"]): Promise<string | null> {
    if (audience.type === "course") {
      const title = await repo.courseTitle(db, audience.courseId);
      if (title === undefined) throw notFound(M.courseNotFound);
      return title;
    }
    if (audience.type === "users") {
      const unknown = await repo.unknownUserIds(db, audience.userIds);
      if (unknown.length > 0) {
        throw badRequest(`${M.unknownUsers}: ${unknown.join(", ")}`, [
          { path: "audience.userIds", msg: `${M.unknownUsers}: ${unknown.join(", ")}` },
        ]);
      }
    }
    return null;
  }

  /**
   * Writes the notification, one recipient row per user (one INSERT ... SELECT) and, for e-mail,
   * one outbox job, in one transaction; the e-mails go out after the answer.
   */
  async function broadcast(actor: Actor, input: Broadcast) {
    const courseTitle = await checkAudience(input.audience);
    const id = newId();
    const inApp = input.channels.includes("in-app");
    const email = input.channels.includes("email");
    const recipients = await db.transaction().execute(async (trx) => {
      await repo.insertNotification(trx, {
        id,
        kind: "broadcast",
        title: input.title,
        message: input.message,
        link: null,
        audience: JSON.stringify(input.audience),
        course_title: courseTitle,
        channels: JSON.stringify(input.channels),
        sender_id: actor.id,
        recipient_count: 0,
        read_count: 0,
        email_total: 0,
        email_delivered: 0,
        email_failed: 0,
        email_skipped: 0,
        created_at: now().toISOString(),
      });
      const count = await repo.insertRecipients(trx, id, input.audience, { inApp, email });
      if (count === 0) throw badRequest(M.noRecipients, [fieldError("audience", M.noRecipients)]);
      await repo.setCounts(trx, id, count, email ? count : 0);
      if (email) {
        await outbox.enqueue(trx, NOTIFICATION_EMAIL_JOB, { notificationId: id } satisfies NotificationEmailPayload);
      }
      return count;
    });
    if (email) outbox.kick();
    if (inApp) announceNotification(id);
    const row = await repo.sentOne(db, id);
    if (!row) throw notFound(M.notFound);
    return { notification: toSentNotification(row), recipients };
  }

  async function history(page: Page) {
    const [rows, total] = await Promise.all([repo.sentPage(db, page), repo.sentTotal(db)]);
    return { notifications: rows.map(toSentNotification), pagination: pagination(page, total) };
  }

  async function inbox(userId: string, page: Page) {
    const [rows, total, unreadCount] = await Promise.all([
      repo.inboxPage(db, userId, page),
      repo.inboxTotal(db, userId),
      repo.unreadCount(db, userId),
    ]);
    return { notifications: rows.map(toNotification), unreadCount, pagination: pagination(page, total) };
  }

  async function markRead(userId: string, notificationId: string) {
    const row = await db.transaction().execute(async (trx) => {
      await repo.markRead(trx, userId, notificationId, now().toISOString());
      return repo.inboxItem(trx, userId, notificationId);
    });
    if (!row) throw notFound(M.notFound);
    return { notification: toNotification(row), unreadCount: await repo.unreadCount(db, userId) };
  }

  async function markAllRead(userId: string) {
    const marked = await db.transaction().execute((trx) => repo.markAllRead(trx, userId, now().toISOString()));
    return { marked, unreadCount: await repo.unreadCount(db, userId) };
  }

  return { broadcast, history, inbox, markRead, markAllRead };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
