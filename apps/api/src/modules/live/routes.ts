import {
  LIVE_EVENT_ID_PATTERN,
  liveStreamQuerySchema,
  liveTicketResponseSchema,
  LIVE_MESSAGES as M,
} from "@lms/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { AppError, unauthorized } from "../../http/errors.js";
import { failures } from "../../http/failures.js";
import { isActiveUser } from "./repo.js";
import type { LiveService } from "./service.js";

// Live updates touch no shared read cache.
const config = { touchesNoCachedData: true };

const streamUsers = new WeakMap<FastifyRequest, string>();

/**
 * Live updates (issue 23): a signed-in page trades its bearer token for a single-use stream ticket,
 * then opens GET /api/live/stream?ticket=… as an EventSource; it receives only its own user's events.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { db, guard, live }: { db: Kysely<Database>; guard: Guard; live: LiveService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/live/tickets",
    {
      onRequest: signedIn(guard),
      config,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["live"],
        description:
          "A ticket to open the live stream with: single-use, valid for LIVE_TICKET_SECONDS (30 s by default).",
        response: { 200: liveTicketResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await live.tickets.issue(currentUser(request).id) }),
  );

  r.get(
    "/live/stream",
    {
      // The ticket is the credential: checked (and spent) before anything else, like a bearer token.
      onRequest: async (request) => {
        const { ticket } = request.query as { ticket?: unknown };
        if (typeof ticket !== "string" || ticket === "") throw unauthorized(M.ticketRequired);
        const userId = await live.tickets.redeem(ticket);
        if (!userId || !(await isActiveUser(db, userId))) throw unauthorized(M.ticketInvalid);
        streamUsers.set(request, userId);
      },
      config,
      schema: {
        tags: ["live"],
        description:
          "Server-Sent Events (text/event-stream) of the ticket's user: each event's `data` is a live event " +
          "(`discussion`, `notification`, `message` or `refetch`) and its `id` an event id. Sent with " +
          "Last-Event-ID (or `lastEventId`), the events missed since are sent first; a `refetch` event says they " +
          "are no longer kept. A keep-alive comment comes every LIVE_HEARTBEAT_SECONDS.",
        querystring: liveStreamQuerySchema,
        headers: z.object({
          "last-event-id": z.string().regex(LIVE_EVENT_ID_PATTERN, M.invalidLastEventId).optional(),
        }),
        response: { ...failures, 429: failures[400] },
      },
    },
    async (request, reply) => {
      const userId = streamUsers.get(request) ?? "";
      const lastId = request.headers["last-event-id"] ?? request.query.lastEventId ?? null;
      if (live.streams.isFull(userId)) throw new AppError(429, M.tooManyConnections);
      reply.hijack();
      const stream = live.streams.open(userId, reply.raw, lastId);
      stream.catchUp(lastId ? await live.events.since(userId, lastId) : { events: [] });
    },
  );
}
