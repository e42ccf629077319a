import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";

/** Live updates (issue 23): a Server-Sent Events stream per signed-in page, opened with a stream ticket. */
export const LIVE_MESSAGES = messageGroup("LIVE_MESSAGES", {
  ticketRequired: "Open the live stream with a stream ticket",
  ticketInvalid: "The stream ticket is invalid, used or expired",
  invalidLastEventId: "Last-Event-ID is not an event id of this stream",
  tooManyConnections: "Too many live connections are open for this account; close a tab and try again",
});
const M = LIVE_MESSAGES;

/** An event id: the milliseconds it was stored at and a sequence within them (`1732790000000-0`). */
export const LIVE_EVENT_ID_PATTERN = /^\d{1,15}-\d{1,15}$/;

/** Something in a course's discussions changed: a thread, a reply, an edit, moderation or a deletion. */
const discussionEventSchema = z.object({
  type: z.literal("discussion"),
  courseId: z.string(),
  threadId: z.string(),
  change: z.enum(["thread", "reply", "edit", "moderation", "delete"]),
});

/** A new in-app notification for the stream's user: the bell and its unread count refresh. */
const notificationEventSchema = z.object({ type: z.literal("notification"), notificationId: z.string() });

/** A private conversation of the stream's user changed (messages, issue 23). */
const messageEventSchema = z.object({
  type: z.literal("message"),
  conversationId: z.string(),
  change: z.enum(["message", "read", "report"]),
});

/** The events since the last one seen are no longer kept (or could not be delivered): reload everything. */
const refetchEventSchema = z.object({ type: z.literal("refetch") });

/** The `data` of one event of GET /api/live/stream (its SSE `id` is the event id). */
export const liveEventSchema = z.discriminatedUnion("type", [
  discussionEventSchema,
  notificationEventSchema,
  messageEventSchema,
  refetchEventSchema,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** POST /api/live/tickets: a single-use ticket to open the stream with, valid for seconds. */
export const liveTicketResponseSchema = envelope(z.object({ ticket: z.string(), expiresAt: z.string() }));
export type LiveTicket = z.infer<typeof liveTicketResponseSchema>["data"];

/** GET /api/live/stream?ticket=…[&lastEventId=…] (a browser that reconnects by itself sends Last-Event-ID). */
export const liveStreamQuerySchema = z.object({
  ticket: z.string({ error: M.ticketRequired }).min(1, M.ticketRequired).max(200, M.ticketInvalid),
  lastEventId: z.string().regex(LIVE_EVENT_ID_PATTERN, M.invalidLastEventId).optional(),
});
