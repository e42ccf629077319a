import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope, objectIdSchema, paginationSchema } from "./common.js";
import { roleSchema } from "./users.js";

export const NOTIFICATION_LIMITS = {
  titleMax: 120,
  messageMax: 2000,
  /** Chosen users per broadcast; a larger audience is a role, a course or everyone. */
  userIdsMax: 500,
  pageSizeMax: 50,
  pageSizeDefault: 10,
} as const;

export const NOTIFICATION_CHANNELS = ["in-app", "email"] as const;
/** grading: submissions wait for a hand grade (one per assessment while unread); course_review: published or sent back. */
export const NOTIFICATION_KINDS = [
  "broadcast",
  "session",
  "grade",
  "session_moved",
  "session_started",
  "credits",
  "grading",
  "course_review",
  "discussion_reply",
  "certificate",
  "message",
] as const;

export const NOTIFICATION_MESSAGES = messageGroup("NOTIFICATION_MESSAGES", {
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${NOTIFICATION_LIMITS.titleMax} characters`,
  messageRequired: "Message is required",
  messageTooLong: `Message must be at most ${NOTIFICATION_LIMITS.messageMax} characters`,
  channelsRequired: "Choose at least one channel",
  channelsRepeated: "Each channel may be chosen once",
  userIdsRequired: "Choose at least one user",
  userIdsTooMany: `At most ${NOTIFICATION_LIMITS.userIdsMax} users may be chosen; send to a role or a course instead`,
  unknownUsers: "Some chosen users do not exist",
  courseNotFound: "Course not found",
  noRecipients: "This audience has no one in it",
  notFound: "Notification not found",
  sent: "Notification sent",
  markedRead: "Notification marked as read",
  allMarkedRead: "All notifications marked as read",
});
const M = NOTIFICATION_MESSAGES;

export const notificationAudienceSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("all") }),
  z.object({ type: z.literal("role"), role: roleSchema }),
  z.object({ type: z.literal("course"), courseId: objectIdSchema }),
  z.object({
    type: z.literal("users"),
    userIds: z
      .array(objectIdSchema)
      .min(1, M.userIdsRequired)
      .max(NOTIFICATION_LIMITS.userIdsMax, M.userIdsTooMany)
      .transform((ids) => [...new Set(ids)]),
  }),
]);
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** POST /api/admin/notifications: an admin's broadcast (issue 11). */
export const broadcastNotificationSchema = z.object({
  title: z.string().trim().min(1, M.titleRequired).max(NOTIFICATION_LIMITS.titleMax, M.titleTooLong),
  message: z.string().trim().min(1, M.messageRequired).max(NOTIFICATION_LIMITS.messageMax, M.messageTooLong),
  audience: notificationAudienceSchema,
  channels: z
    .array(notificationChannelSchema)
    .min(1, M.channelsRequired)
    .refine((channels) => new Set(channels).size === channels.length, M.channelsRepeated),
});
export type BroadcastNotification = z.input<typeof broadcastNotificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_LIMITS.pageSizeMax)
    .default(NOTIFICATION_LIMITS.pageSizeDefault),
});

export const notificationIdParamsSchema = z.object({ id: objectIdSchema });

/** One notification as its recipient sees it. */
export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = envelope(
  z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int(), pagination: paginationSchema }),
);
export type NotificationsPage = z.infer<typeof notificationsResponseSchema>["data"];

export const notificationReadResponseSchema = envelope(
  z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
);
export const notificationsReadAllResponseSchema = envelope(
  z.object({ marked: z.number().int(), unreadCount: z.number().int() }),
);

/** A sent notification in the admin's history, with its delivery figures. */
export const sentNotificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  audience: notificationAudienceSchema,
  /** The course's title when sent to a course's learners. */
  courseTitle: z.string().nullable(),
  channels: z.array(notificationChannelSchema),
  sender: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  recipients: z.number().int(),
  readCount: z.number().int(),
  email: z.object({
    total: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    pending: z.number().int(),
  }),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const broadcastResponseSchema = envelope(
  z.object({ notification: sentNotificationSchema, recipients: z.number().int() }),
);
export const notificationHistoryResponseSchema = envelope(
  z.object({ notifications: z.array(sentNotificationSchema), pagination: paginationSchema }),
);
export type NotificationHistory = z.infer<typeof notificationHistoryResponseSchema>["data"];
