import path from "node:path";
import {
  errorResponseSchema,
  importRecordingsRequestSchema,
  importRecordingsResponseSchema,
  SESSION_MESSAGES as M,
  mediaLinkQuerySchema,
  messageResponseSchema,
  RECORDING_UPLOAD_FIELDS,
  recordingIdParamsSchema,
  recordingListQuerySchema,
  recordingListResponseSchema,
  recordingResponseSchema,
  recordingUploadParamsSchema,
  recordingViewResponseSchema,
  sessionIdParamsSchema,
  sessionRecordingsResponseSchema,
  updateRecordingRequestSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { forbidden, notFound } from "../../http/errors.js";
import { failures, mediaFailures, pagination, uploadFailures } from "../../http/failures.js";
import { canScheduleSessions, seesAllSessions } from "../../policies/index.js";
import { sendStoredFile } from "../../storage/send-file.js";
import { courseToRead } from "../courses/access.js";
import { sessionToAttend, sessionToManage } from "../sessions/access.js";
import { bearer, type LiveContext, pageOf, withProviderFailure } from "../sessions/context.js";
import { recordingToManage, recordingToWatch } from "./access.js";
import { presentRecording, recordingStreamPath } from "./present.js";
import { findRecording, listRecordings, sessionRecordings } from "./repo.js";
import { readRecordingUpload } from "./upload.js";

const tags = ["recordings"];

/** Recording upload, lists, playback (signed URL with ranges), download, rename, delete and provider import. */
export async function recordingRoutes(app: FastifyInstance, ctx: LiveContext): Promise<void> {
  const { db, guard, storage, signer, recordings, importer } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = allowOnly(guard, canScheduleSessions);
  const user = signedIn(guard);
  const present = (row: Parameters<typeof presentRecording>[0]) => presentRecording(row, signer);

  r.post(
    "/recordings/upload/:sessionId",
    {
      onRequest: staff,
      config: {
        multipartBody: {
          file: { name: RECORDING_UPLOAD_FIELDS.file, required: true },
          fields: {
            [RECORDING_UPLOAD_FIELDS.title]: "The title (required).",
            [RECORDING_UPLOAD_FIELDS.duration]:
              "Its length in seconds; without it, the length is read from the file (0 when unreadable).",
          },
          required: [RECORDING_UPLOAD_FIELDS.title],
        },
      },
      schema: {
        tags,
        security: bearer,
        consumes: ["multipart/form-data"],
        params: recordingUploadParamsSchema,
        response: { 201: recordingResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const session = await sessionToManage(db, actor, request.params.sessionId);
      const upload = await readRecordingUpload(request, recordings);
      const row = await recordings.createUploaded(actor, session, upload.stored, {
        title: upload.title ?? session.title,
        duration: upload.duration,
      });
      return reply
        .status(201)
        .send({ success: true as const, data: { recording: present(row) }, message: M.recordingUploaded.text });
    },
  );

  // Public, but only through a short-lived URL signed for this recording (media requests carry no bearer).
  r.get(
    "/recordings/:id/stream",
    { schema: { tags, params: recordingIdParamsSchema, querystring: mediaLinkQuerySchema, response: mediaFailures } },
    async (request, reply) => {
      const row = await findRecording(db, request.params.id);
      if (!row?.storage_key) throw notFound(M.recordingNotFound);
      if (!signer.verify(recordingStreamPath(row.id), request.query.expires, request.query.sig)) {
        throw forbidden(M.invalidMediaLink);
      }
      return sendStoredFile(request, reply, storage, {
        key: row.storage_key,
        mime: row.mime_type ?? "application/octet-stream",
        name: row.file_name ?? row.title,
        download: false,
      });
    },
  );

  r.get(
    "/sessions/recordings",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        querystring: recordingListQuerySchema,
        response: { 200: recordingListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { courseId } = request.query;
      if (courseId) await courseToRead(db, actor, courseId);
      const userId = courseId || seesAllSessions(actor) ? null : actor.id;
      const { rows, total } = await listRecordings(db, { userId, courseId }, pageOf(request.query));
      return {
        success: true as const,
        data: { recordings: rows.map(present), pagination: pagination(request.query, total) },
      };
    },
  );

  r.get(
    "/sessions/:id/recordings",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: sessionRecordingsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { row } = await sessionToAttend(db, currentUser(request), request.params.id);
      return { success: true as const, data: { recordings: (await sessionRecordings(db, row.id)).map(present) } };
    },
  );

  r.get(
    "/sessions/recordings/:id/download",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        params: recordingIdParamsSchema,
        response: { ...failures, 416: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await recordingToWatch(db, currentUser(request), request.params.id);
      if (!row.storage_key) throw notFound(M.recordingNotFound);
      const ext = path.extname(row.file_name ?? "") || ".mp4";
      return sendStoredFile(request, reply, storage, {
        key: row.storage_key,
        mime: row.mime_type ?? "application/octet-stream",
        name: `${row.title}${ext}`,
        download: true,
      });
    },
  );

  r.put(
    "/sessions/recordings/:id",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: recordingIdParamsSchema,
        body: updateRecordingRequestSchema,
        response: { 200: recordingResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const saved = await recordings.update(actor, await recordingToManage(db, actor, request.params.id), request.body);
      return { success: true as const, data: { recording: present(saved) }, message: M.recordingUpdated.text };
    },
  );

  r.delete(
    "/sessions/recordings/:id",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: recordingIdParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await recordings.remove(actor, await recordingToManage(db, actor, request.params.id));
      return { success: true as const, message: M.recordingDeleted.text };
    },
  );

  // A view is counted when the player starts playing (the web app calls this once per playback).
  r.post(
    "/sessions/recordings/:id/view",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        params: recordingIdParamsSchema,
        response: { 200: recordingViewResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await recordingToWatch(db, currentUser(request), request.params.id);
      return { success: true as const, data: { viewCount: await recordings.view(row) } };
    },
  );

  const importAnswer = async (sessionId: string, imported: number) => ({
    success: true as const,
    data: { recordings: (await sessionRecordings(db, sessionId)).map(present), imported },
    message: M.recordingImported.text,
  });

  r.post(
    "/sessions/:id/check-recordings",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: importRecordingsResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const session = await sessionToManage(db, currentUser(request), request.params.id);
      return importAnswer(session.id, await importer.importFromProvider(session));
    },
  );

  r.post(
    "/sessions/:id/download-recording",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        body: importRecordingsRequestSchema.optional(),
        response: { 200: importRecordingsResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const session = await sessionToManage(db, currentUser(request), request.params.id);
      return importAnswer(session.id, await importer.importFromProvider(session, request.body?.recordingId));
    },
  );
}
