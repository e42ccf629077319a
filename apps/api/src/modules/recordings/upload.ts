import {
  SESSION_MESSAGES as M,
  RECORDING_DURATION_MAX_SECONDS,
  RECORDING_MAX_BYTES,
  RECORDING_UPLOAD_FIELDS,
} from "@lms/contract";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest } from "../../http/errors.js";
import type { RecordingService, StoredVideo } from "./service.js";

/** Busboy's own cap sits just above ours, so the storage meter answers with the spec's message first. */
const PARSER_FILE_LIMIT = RECORDING_MAX_BYTES + 1024 * 1024;

const fieldsSchema = z.object({
  title: z.string().trim().max(200, M.titleTooLong).optional(),
  duration: z.coerce.number().int().min(0).max(RECORDING_DURATION_MAX_SECONDS).optional(),
});

/**
 * Reads the multipart upload (field `recording`, plus `title` and optional `duration` before or
 * after it), streaming the file to storage. Without `duration`, the length is read from the file. Whatever fails after the file was stored removes it.
 */
export async function readRecordingUpload(request: FastifyRequest, recordings: RecordingService) {
  if (!request.isMultipart()) throw badRequest(M.recordingFileRequired);
  const fields: Record<string, string> = {};
  let stored: StoredVideo | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: PARSER_FILE_LIMIT } })) {
      if (part.type === "field") fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== RECORDING_UPLOAD_FIELDS.file || stored) part.file.resume();
      else stored = await recordings.store(part.file, part.filename);
    }
    if (!stored) throw badRequest(M.recordingFileRequired);
    const parsed = fieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue.message, [{ path: issue.path.join("."), msg: issue.message }]);
    }
    const duration = parsed.data.duration ?? (await recordings.lengthOf(stored));
    return { stored, title: parsed.data.title || undefined, duration };
  } catch (error) {
    if (stored) await recordings.discard(stored);
    throw error;
  }
}
