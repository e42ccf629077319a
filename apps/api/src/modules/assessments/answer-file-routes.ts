import {
  ASSESSMENT_MESSAGES,
  answerFileParamsSchema,
  attemptResponseSchema,
  MESSAGES,
  mediaParamsSchema,
  signedMediaQuerySchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { forbidden } from "../../http/errors.js";
import { failures, mediaFailures, uploadFailures } from "../../http/failures.js";
import { receiveUpload } from "../../http/upload.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { AnswerFileService } from "./answer-files.js";
import { type AttemptView, answerFilePath } from "./attempt-view.js";

const secured = { security: [{ bearerAuth: [] }] };

/** Inline answer files may be framed by the grading screen (same origin) and nothing else. */
const INLINE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** File answers (issue 10): upload, replace and remove while the attempt is open; read through a signed link. */
export async function answerFileRoutes(
  app: FastifyInstance,
  deps: { guard: Guard; files: AnswerFileService; view: AttemptView; storage: Storage; signer: UrlSigner },
): Promise<void> {
  const { guard, files, view, storage, signer } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const tags = ["assessments"];

  r.post(
    "/attempts/:attemptId/files/:questionId",
    {
      onRequest,
      config: { multipartBody: { file: { name: "file", required: true } } },
      schema: {
        tags,
        ...secured,
        description:
          "multipart/form-data with the file in `file`, for a file_upload question of one's own open attempt; " +
          "replaces an earlier file. Limited by the maxFileSize and allowedFileTypes settings (413, 415).",
        consumes: ["multipart/form-data"],
        params: answerFileParamsSchema,
        response: { 201: attemptResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { attemptId, questionId } = request.params;
      const options = await files.prepareUpload(actor, attemptId, questionId);
      const { file } = await receiveUpload(request, storage, options);
      const { attempt, answers } = await files.attach(actor, attemptId, questionId, file);
      return reply.status(201).send({
        success: true as const,
        data: { attempt: await view(attempt, answers, false) },
        message: ASSESSMENT_MESSAGES.fileUploaded.text,
      });
    },
  );

  r.delete(
    "/attempts/:attemptId/files/:questionId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Removes the file of a file_upload question of one's own open attempt.",
        params: answerFileParamsSchema,
        response: { 200: attemptResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { attemptId, questionId } = request.params;
      const { attempt, answers } = await files.remove(currentUser(request), attemptId, questionId);
      return {
        success: true as const,
        data: { attempt: await view(attempt, answers, false) },
        message: ASSESSMENT_MESSAGES.fileRemoved.text,
      };
    },
  );

  r.get(
    "/answer-files/:fileId",
    {
      schema: {
        tags,
        description:
          "An answer file through the signed, expiring `url` of the attempt (given only to its learner and the " +
          "course's managers). PDFs and images inline, anything else as a download; `download=1` always downloads.",
        params: mediaParamsSchema,
        querystring: signedMediaQuerySchema,
        response: mediaFailures,
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const { expires, sig, download } = request.query;
      if (!signer.verify(answerFilePath(fileId), expires, sig)) throw forbidden(MESSAGES.invalidMediaLink);
      const file = await files.forSignedLink(fileId, download === "1");
      if (!file.download) reply.header("content-security-policy", INLINE_POLICY).removeHeader("x-frame-options");
      return sendStoredFile(request, reply, storage, file);
    },
  );
}
