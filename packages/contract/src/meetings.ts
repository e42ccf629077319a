import { z } from "zod";
import { envelope, objectIdSchema } from "./common.js";
import { meetingProviderSchema } from "./sessions.js";

/** The video meeting of a session (its host link comes only from start and join). */
export const meetingSchema = z.object({
  sessionId: z.string(),
  provider: meetingProviderSchema,
  meetingId: z.string(),
});
export const createMeetingRequestSchema = z.object({ sessionId: objectIdSchema });
export const meetingResponseSchema = envelope(z.object({ meeting: meetingSchema }));

/** Zoom webhook events (endpoint.url_validation, meeting.ended, recording.completed). */
export const zoomWebhookSchema = z.looseObject({
  event: z.string(),
  payload: z
    .looseObject({
      plainToken: z.string().optional(),
      object: z.looseObject({ id: z.union([z.string(), z.number()]).optional() }).optional(),
    })
    .optional(),
});
export const zoomUrlValidationResponseSchema = z.object({ plainToken: z.string(), encryptedToken: z.string() });

/** BigBlueButton's meeting-ended callback: our session id and signature, plus what BBB appends. */
export const bbbMeetingEndedQuerySchema = z.looseObject({
  sessionId: objectIdSchema,
  signature: z.string().min(1).max(200),
  meetingID: z.string().optional(),
});
/** BigBlueButton's recording-ready callback: a JWT signed with the shared secret. */
export const bbbRecordingReadyBodySchema = z.looseObject({ signed_parameters: z.string().min(1).max(4096) });
