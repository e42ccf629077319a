import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { MailMessage } from "../../mail/mailer.js";
import { errorText, type JobHandler } from "../../outbox/outbox.js";
import type { SiteMail } from "../settings/site-mail.js";
import { pendingEmails, pendingEmailUserIds, settleEmail } from "./repo.js";

export const NOTIFICATION_EMAIL_JOB = "notification.email";
export interface NotificationEmailPayload {
  notificationId: string;
}

const BATCH = 100;

/** An SMTP 5xx answer refuses this one message for good (e.g. an unknown mailbox); anything else may pass later. */
const refusedForGood = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500;
};

function message(
  recipient: { name: string; email: string },
  notification: { title: string; message: string },
  inboxUrl: string,
  siteName: string,
): MailMessage {
  const text = [
    `Hello ${recipient.name},`,
    "",
    notification.message,
    "",
    `See your notifications: ${inboxUrl}`,
    "",
    `The ${siteName} team`,
  ].join("\n");
  return { to: recipient.email, subject: notification.title, text };
}

/**
 * Works a broadcast's e-mails: each pending recipient is sent through SiteMail (which holds the
 * message back when `emailNotifications` is off or the user declined e-mail: "skipped") and marked
 * delivered. When the mail server does not answer, the pass stops and the job is retried later with
 * backoff, resuming where it stopped; after the last attempt the rest are marked failed.
 */
export function createNotificationEmailJob(deps: {
  db: Kysely<Database>;
  mail: SiteMail;
  publicUrl: string;
}): JobHandler {
  const { db, mail } = deps;
  const inboxUrl = `${deps.publicUrl}/dashboard`;
  return {
    async run(payload) {
      const { notificationId } = payload as NotificationEmailPayload;
      const notification = await db
        .selectFrom("notifications")
        .select(["title", "message"])
        .where("id", "=", notificationId)
        .executeTakeFirst();
      if (!notification) return;
      for (;;) {
        const batch = await pendingEmails(db, notificationId, BATCH);
        if (batch.length === 0) return;
        for (const recipient of batch) {
          try {
            const sent = await mail.send("notification", (siteName) =>
              message(recipient, notification, inboxUrl, siteName),
            );
            await settleEmail(db, notificationId, [recipient.id], sent ? "delivered" : "skipped");
          } catch (error) {
            if (!refusedForGood(error)) throw error;
            await settleEmail(db, notificationId, [recipient.id], "failed", errorText(error));
          }
        }
      }
    },
    async giveUp(payload, error) {
      const { notificationId } = payload as NotificationEmailPayload;
      await settleEmail(db, notificationId, await pendingEmailUserIds(db, notificationId), "failed", error);
    },
  };
}
