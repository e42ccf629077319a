import { z } from "zod";
import { envelope, objectIdSchema, paginationQuerySchema, paginationSchema } from "./common.js";
import { SESSION_MESSAGES as M } from "./session-messages.js";

/** Recording upload maximum (spec §9): 500 MB. */
export const RECORDING_MAX_MB = 500;
export const RECORDING_MAX_BYTES = RECORDING_MAX_MB * 1024 * 1024;
/** The longest recording, in seconds, an upload or an edit may state (a week). */
export const RECORDING_DURATION_MAX_SECONDS = 7 * 24 * 3600;
/** Multipart field names of the upload (spec §7). */
export const RECORDING_UPLOAD_FIELDS = { file: "recording", title: "title", duration: "duration" } as const;

export const recordingSchema = z.object({
  _id: z.string(),
  sessionId: z.string(),
  sessionTitle: z.string(),
  courseId: z.string(),
  title: z.string(),
  /** A short-lived signed URL for <video> (range requests), or the provider's playback page when external. */
  recordingUrl: z.string(),
  /** The authenticated download call (blob), null for an external recording. */
  downloadUrl: z.string().nullable(),
  /** Hosted by the video meeting service (no file here): open recordingUrl in a new tab. */
  external: z.boolean(),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  size: z.number().int(),
  /** Seconds (shown as minutes:seconds). */
  duration: z.number().int(),
  viewCount: z.number().int(),
  recordedAt: z.string(),
  createdAt: z.string(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingIdParamsSchema = z.object({ id: objectIdSchema });
export const recordingUploadParamsSchema = z.object({ sessionId: objectIdSchema });
export const recordingListQuerySchema = paginationQuerySchema.extend({ courseId: objectIdSchema.optional() });

export const updateRecordingRequestSchema = z
  .object({
    title: z.string().trim().min(1, M.requiredFields).max(200, M.titleTooLong).optional(),
    duration: z.number().int().min(0).max(RECORDING_DURATION_MAX_SECONDS).optional(),
  })
  .refine((body) => body.title !== undefined || body.duration !== undefined, M.nothingToUpdate);

export const mediaLinkQuerySchema = z.object({
  expires: z.string().optional(),
  sig: z.string().optional(),
});

export const recordingResponseSchema = envelope(z.object({ recording: recordingSchema }));
export const sessionRecordingsResponseSchema = envelope(z.object({ recordings: z.array(recordingSchema) }));
export const recordingListResponseSchema = envelope(
  z.object({ recordings: z.array(recordingSchema), pagination: paginationSchema }),
);
export const recordingViewResponseSchema = envelope(z.object({ viewCount: z.number().int() }));

/** A recording as the video meeting service lists it (check-recordings, zoom/{id}/recordings). */
export const providerRecordingSchema = z.object({
  id: z.string(),
  title: z.string(),
  recordedAt: z.string(),
  duration: z.number().int(),
  size: z.number().int().nullable(),
  /** A video file that can be copied here; otherwise it is linked as an external recording. */
  downloadable: z.boolean(),
  imported: z.boolean(),
});
export type ProviderRecording = z.infer<typeof providerRecordingSchema>;

export const providerRecordingsResponseSchema = envelope(z.object({ recordings: z.array(providerRecordingSchema) }));
export const importRecordingsRequestSchema = z.object({
  /** One provider recording to import; all not yet imported when absent. */
  recordingId: z.string().trim().min(1).max(200).optional(),
});
export const importRecordingsResponseSchema = envelope(
  z.object({ recordings: z.array(recordingSchema), imported: z.number().int() }),
);
