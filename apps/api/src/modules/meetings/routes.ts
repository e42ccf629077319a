import {
  createMeetingRequestSchema,
  SESSION_MESSAGES as M,
  meetingResponseSchema,
  messageResponseSchema,
  providerRecordingsResponseSchema,
  sessionIdParamsSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { nowIso } from "../../db/ids.js";
import { conflict } from "../../http/errors.js";
import { canScheduleSessions } from "../../policies/index.js";
import { sessionToManage } from "../sessions/access.js";
import { bearer, type LiveContext, withProviderFailure } from "../sessions/context.js";
import { NO_MEETING } from "../sessions/meeting.js";
import { reloadSession, type SessionRow, updateSession } from "../sessions/repo.js";

const tags = ["meetings"];

/**
 * The video-meeting integration calls of spec §7 (named after Zoom there); `{id}` is a session id.
 * They work with whichever provider is configured. No answer carries the host link: that comes
 * from start and join, to the session's instructor or an admin.
 */
export async function meetingRoutes(app: FastifyInstance, ctx: LiveContext): Promise<void> {
  const { db, guard, meeting, importer } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = allowOnly(guard, canScheduleSessions);

  /** The session's meeting; a 409 when it has none. */
  const withMeeting = (row: SessionRow) => {
    const existing = meeting.existing(row);
    if (!existing) throw conflict(M.noMeeting);
    return existing;
  };
  const answer = (row: SessionRow) => ({
    success: true as const,
    data: { meeting: { sessionId: row.id, provider: ctx.provider.name, meetingId: withMeeting(row).meetingId } },
  });

  r.post(
    "/sessions/zoom/create",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        body: createMeetingRequestSchema,
        response: { 200: meetingResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const row = await sessionToManage(db, currentUser(request), request.body.sessionId);
      if (row.location !== "live" || row.status === "completed" || row.status === "cancelled") {
        throw conflict(M.noMeeting);
      }
      if (!meeting.existing(row))
        await updateSession(db, row.id, { ...(await meeting.create(row)), updated_at: nowIso() });
      return answer(await reloadSession(db, row.id));
    },
  );

  r.put(
    "/sessions/zoom/:id",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: meetingResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const row = await sessionToManage(db, currentUser(request), request.params.id);
      await meeting.update(withMeeting(row));
      return answer(row);
    },
  );

  r.delete(
    "/sessions/zoom/:id",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: messageResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const row = await sessionToManage(db, currentUser(request), request.params.id);
      await meeting.remove(withMeeting(row));
      await updateSession(db, row.id, { ...NO_MEETING, updated_at: nowIso() });
      return { success: true as const, message: M.meetingDeleted.text };
    },
  );

  r.get(
    "/sessions/zoom/:id/recordings",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: providerRecordingsResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const row = await sessionToManage(db, currentUser(request), request.params.id);
      return { success: true as const, data: { recordings: await importer.available(row) } };
    },
  );
}
