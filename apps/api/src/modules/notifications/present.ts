import type { AppNotification, NotificationAudience, NotificationChannel, SentNotification } from "@lms/contract";
import type { InboxRow, SentRow } from "./repo.js";

export const toNotification = (row: InboxRow): AppNotification => ({
  _id: row.id,
  kind: row.kind as AppNotification["kind"],
  title: row.title,
  message: row.message,
  link: row.link,
  createdAt: row.created_at,
  readAt: row.read_at,
});

export const toSentNotification = (row: SentRow): SentNotification => ({
  _id: row.id,
  title: row.title,
  message: row.message,
  audience: JSON.parse(row.audience) as NotificationAudience,
  courseTitle: row.course_title,
  channels: JSON.parse(row.channels) as NotificationChannel[],
  sender: row.sender_id && row.sender_name ? { _id: row.sender_id, name: row.sender_name } : null,
  createdAt: row.created_at,
  recipients: row.recipient_count,
  readCount: row.read_count,
  email: {
    total: row.email_total,
    delivered: row.email_delivered,
    failed: row.email_failed,
    skipped: row.email_skipped,
    pending: row.email_total - row.email_delivered - row.email_failed - row.email_skipped,
  },
});
