import {
  bbbMeetingEndedQuerySchema,
  bbbRecordingReadyBodySchema,
  errorResponseSchema,
  SESSION_MESSAGES as M,
  MESSAGES,
  zoomUrlValidationResponseSchema,
  zoomWebhookSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest, notFound, unauthorized } from "../../http/errors.js";
import { verifyBbbEnded, verifyBbbRecordingReady } from "../../meetings/bbb-callbacks.js";
import { type ZoomRecordingList, zoomVideoFiles } from "../../meetings/zoom.js";
import { checkZoomSignature, zoomUrlValidation } from "../../meetings/zoom-webhook.js";
import { enqueueRecordingImport } from "../recordings/import-job.js";
import type { LiveContext } from "../sessions/context.js";
import { findSession, findSessionByMeeting } from "../sessions/repo.js";

const tags = ["meetings"];
const ok = z.object({ success: z.literal(true) });
/** Signed calls of the meeting provider, not of users: they keep sessions and recordings right during maintenance too. */
const providerCallback = { openDuringMaintenance: true };
const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * Callbacks of the video meeting services: public routes, each authenticated by its signature
 * (Zoom: HMAC of the raw body; BigBlueButton: our signature in the URL, a JWT for recordings).
 * A finished meeting completes its session; a finished recording is imported by a job.
 */
export async function meetingCallbackRoutes(app: FastifyInstance, ctx: LiveContext): Promise<void> {
  const { db, meetingConfig: config, lifecycle, outbox } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The Zoom signature covers the body exactly as sent, so these routes keep it beside the parsed one.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    rawBodies.set(request, String(body));
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError(400, MESSAGES.invalidJson), undefined);
    }
  });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  r.post(
    "/sessions/zoom/webhook",
    {
      config: providerCallback,
      schema: {
        tags,
        body: zoomWebhookSchema,
        response: { 200: z.union([zoomUrlValidationResponseSchema, ok]), ...refusals },
      },
    },
    async (request) => {
      if (config.provider !== "zoom" || !config.webhookSecret) throw notFound(M.webhookNotConfigured);
      const signature = checkZoomSignature(
        config.webhookSecret,
        request.headers["x-zm-signature"] as string | undefined,
        request.headers["x-zm-request-timestamp"] as string | undefined,
        rawBodies.get(request) ?? "",
      );
      if (signature === "missing") throw badRequest(M.missingSignature);
      if (signature === "invalid") throw unauthorized(M.invalidSignature);

      const { event, payload } = request.body;
      if (event === "endpoint.url_validation") {
        if (!payload?.plainToken) throw badRequest(MESSAGES.validationFailed);
        return zoomUrlValidation(config.webhookSecret, payload.plainToken);
      }
      const meetingId = payload?.object?.id;
      const session = meetingId === undefined ? undefined : await findSessionByMeeting(db, "zoom", String(meetingId));
      if (session && event === "meeting.ended") await lifecycle.meetingEnded(session.id);
      if (session && event === "recording.completed") {
        const files = zoomVideoFiles(payload?.object as ZoomRecordingList);
        await enqueueRecordingImport(outbox, db, { sessionId: session.id, files });
      }
      return { success: true as const };
    },
  );

  r.get(
    "/sessions/bbb/meeting-ended",
    {
      config: providerCallback,
      schema: { tags, querystring: bbbMeetingEndedQuerySchema, response: { 200: ok, ...refusals } },
    },
    async (request) => {
      if (config.provider !== "bbb") throw notFound(M.webhookNotConfigured);
      const { sessionId, signature } = request.query;
      if (!verifyBbbEnded(config.secret, sessionId, signature)) throw unauthorized(M.invalidSignature);
      await lifecycle.meetingEnded(sessionId);
      return { success: true as const };
    },
  );

  r.post(
    "/sessions/bbb/recording-ready",
    {
      config: providerCallback,
      schema: { tags, body: bbbRecordingReadyBodySchema, response: { 200: ok, ...refusals } },
    },
    async (request) => {
      if (config.provider !== "bbb") throw notFound(M.webhookNotConfigured);
      const ready = await verifyBbbRecordingReady(config.secret, request.body.signed_parameters);
      if (!ready) throw unauthorized(M.invalidSignature);
      const found = await findSessionByMeeting(db, "bbb", ready.meetingId);
      const session = found && (await findSession(db, found.id));
      if (!session) throw notFound(M.notFound);
      await enqueueRecordingImport(outbox, db, { sessionId: session.id, recordId: ready.recordId });
      return { success: true as const };
    },
  );
}
