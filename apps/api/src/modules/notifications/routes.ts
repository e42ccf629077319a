import {
  broadcastNotificationSchema,
  broadcastResponseSchema,
  NOTIFICATION_MESSAGES as M,
  notificationHistoryResponseSchema,
  notificationIdParamsSchema,
  notificationReadResponseSchema,
  notificationsQuerySchema,
  notificationsReadAllResponseSchema,
  notificationsResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canBroadcastNotifications } from "../../policies/index.js";
import type { NotificationService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };
// Notifications are no part of any shared read cache.
const config = { touchesNoCachedData: true };

/** Admin broadcasts and their history; every signed-in user's own notifications (issue 11). */
export async function notificationRoutes(
  app: FastifyInstance,
  { guard, notifications }: { guard: Guard; notifications: NotificationService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = allowOnly(guard, canBroadcastNotifications);
  const onRequest = signedIn(guard);

  r.post(
    "/admin/notifications",
    {
      onRequest: admins,
      config,
      schema: {
        ...secured,
        tags: ["admin"],
        description: "Sends a notification in-app and/or by e-mail; e-mails go out in the background.",
        body: broadcastNotificationSchema,
        response: { 201: broadcastResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await notifications.broadcast(currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: M.sent.text });
    },
  );

  r.get(
    "/admin/notifications/history",
    {
      onRequest: admins,
      schema: {
        ...secured,
        tags: ["admin"],
        querystring: notificationsQuerySchema,
        response: { 200: notificationHistoryResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await notifications.history(request.query) }),
  );

  r.get(
    "/notifications",
    {
      onRequest,
      schema: {
        ...secured,
        tags: ["notifications"],
        description: "One's own in-app notifications, newest first, with the unread count.",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.inbox(currentUser(request).id, request.query),
    }),
  );

  r.post(
    "/notifications/read-all",
    {
      onRequest,
      config,
      schema: {
        ...secured,
        tags: ["notifications"],
        response: { 200: notificationsReadAllResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markAllRead(currentUser(request).id),
      message: M.allMarkedRead.text,
    }),
  );

  r.post(
    "/notifications/:id/read",
    {
      onRequest,
      config,
      schema: {
        ...secured,
        tags: ["notifications"],
        params: notificationIdParamsSchema,
        response: { 200: notificationReadResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markRead(currentUser(request).id, request.params.id),
      message: M.markedRead.text,
    }),
  );
}
