import {
  calendarFeedParamsSchema,
  calendarFeedResponseSchema,
  currentCalendarFeedResponseSchema,
  errorResponseSchema,
  SESSION_MESSAGES as M,
  messageResponseSchema,
  sessionIdParamsSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { calendarDocument } from "../../calendar/ics.js";
import { notFound } from "../../http/errors.js";
import { failures } from "../../http/failures.js";
import { sessionToAttend } from "../sessions/access.js";
import { bearer, type LiveContext } from "../sessions/context.js";
import { type CalendarFeeds, toCalendarEvent } from "./service.js";

const tags = ["calendar"];

const sendCalendar = (reply: FastifyReply, body: string, fileName: string) =>
  reply
    .header("content-type", "text/calendar; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-cache")
    .send(body);

/** Calendar sync: a private, revocable feed per user, and one .ics event per session. */
export async function calendarRoutes(
  app: FastifyInstance,
  { ctx, feeds }: { ctx: LiveContext; feeds: CalendarFeeds },
): Promise<void> {
  const { db, guard, publicUrl } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = signedIn(guard);

  r.get(
    "/calendar/feed",
    {
      onRequest: user,
      schema: { tags, security: bearer, response: { 200: currentCalendarFeedResponseSchema, ...failures } },
    },
    async (request) => ({ success: true as const, data: await feeds.current(currentUser(request).id) }),
  );

  r.post(
    "/calendar/feed",
    {
      onRequest: user,
      schema: { tags, security: bearer, response: { 200: calendarFeedResponseSchema, ...failures } },
    },
    async (request) => ({ success: true as const, data: await feeds.renew(currentUser(request).id) }),
  );

  r.delete(
    "/calendar/feed",
    {
      onRequest: user,
      schema: { tags, security: bearer, response: { 200: messageResponseSchema, ...failures } },
    },
    async (request) => {
      await feeds.revoke(currentUser(request).id);
      return { success: true as const, message: M.calendarFeedRevoked.text };
    },
  );

  // Public: calendar apps fetch it without a bearer header; the unguessable token is the key.
  r.get(
    "/calendar/feed/:token/sessions.ics",
    {
      schema: {
        tags,
        params: calendarFeedParamsSchema,
        response: { 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const events = await feeds.eventsFor(request.params.token);
      if (!events) throw notFound(M.calendarFeedNotFound);
      return sendCalendar(reply, calendarDocument("Live sessions", events), "sessions.ics");
    },
  );

  r.get(
    "/sessions/:id/calendar.ics",
    { onRequest: user, schema: { tags, security: bearer, params: sessionIdParamsSchema, response: failures } },
    async (request, reply) => {
      const { row } = await sessionToAttend(db, currentUser(request), request.params.id);
      return sendCalendar(
        reply,
        calendarDocument(row.title, [toCalendarEvent(row, publicUrl)]),
        `session-${row.id}.ics`,
      );
    },
  );
}
