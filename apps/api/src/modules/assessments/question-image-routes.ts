import {
  ASSESSMENT_MESSAGES,
  assessmentResponseSchema,
  type CataloguedMessage,
  courseParamsSchema,
  MESSAGES,
  pendingQuestionImageResponseSchema,
  questionImageFileParamsSchema,
  questionImageParamsSchema,
  signedMediaQuerySchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { forbidden } from "../../http/errors.js";
import { failures, mediaFailures, uploadFailures } from "../../http/failures.js";
import { receiveUpload } from "../../http/upload.js";
import { canUseInstructorArea } from "../../policies/index.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { PendingImageService } from "./pending-images.js";
import { presentAssessment } from "./present.js";
import { IMAGE_MIME, type ImageLink, imageFilePath, imageKeyOf, type QuestionImageService } from "./question-images.js";
import type { AssessmentService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };
/** An image shown inline may only be an image: no script, no framing by other sites. */
const IMAGE_POLICY = "default-src 'none'; img-src 'self'; frame-ancestors 'self'";

/** Question images (issue 10): upload, replace and remove by the assessment's managers; read through signed links. */
export async function questionImageRoutes(
  app: FastifyInstance,
  deps: {
    guard: Guard;
    images: QuestionImageService;
    assessments: AssessmentService;
    pending: PendingImageService;
    link: ImageLink;
    storage: Storage;
    signer: UrlSigner;
  },
): Promise<void> {
  const { guard, images, pending, assessments, link, storage, signer } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canUseInstructorArea);
  const path = "/instructor/courses/:id/assessments/:assessmentId/questions/:questionId/image";
  const answer = async (assessmentId: string, message: CataloguedMessage) => {
    const { row, questions } = await assessments.withQuestions(assessmentId);
    return {
      success: true as const,
      data: { assessment: presentAssessment(row, { list: questions, link }) },
      message: message.text,
    };
  };

  r.post(
    path,
    {
      onRequest,
      config: {
        multipartBody: { file: { name: "file", required: true }, fields: { alt: "The image's alternative text." } },
      },
      schema: {
        tags: ["instructor"],
        ...secured,
        description:
          "multipart/form-data with the image in `file` (PNG, JPEG, GIF or WebP judged from the content; at most " +
          "5 MB or maxFileSize if lower) and optionally its `alt` text. Replaces the question's image.",
        consumes: ["multipart/form-data"],
        params: questionImageParamsSchema,
        response: { 201: assessmentResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { id: courseId, assessmentId, questionId } = request.params;
      const options = await images.prepareUpload(actor, courseId, assessmentId, questionId);
      const { fields, file } = await receiveUpload(request, storage, options);
      await images.attach(actor, { courseId, assessmentId, questionId }, file, fields.alt);
      return reply.status(201).send(await answer(assessmentId, ASSESSMENT_MESSAGES.imageUploaded));
    },
  );

  r.post(
    "/instructor/courses/:id/question-images",
    {
      onRequest,
      config: { multipartBody: { file: { name: "file", required: true } } },
      schema: {
        tags: ["instructor"],
        ...secured,
        description:
          "An image for a question not saved yet, by the course's managers: the same types and limits as a question's " +
          "image. Send its `_id` as the question's `imageUpload` when saving the assessment; unused, it is dropped " +
          "after a day.",
        consumes: ["multipart/form-data"],
        params: courseParamsSchema,
        response: { 201: pendingQuestionImageResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { id: courseId } = request.params;
      const { file } = await receiveUpload(request, storage, await pending.prepareUpload(actor, courseId));
      const row = await pending.keep(actor, courseId, file);
      const { url } = link({ key: row.storage_key, mime: row.mime, alt: "" });
      return reply.status(201).send({
        success: true as const,
        data: { upload: { _id: row.id, url } },
        message: ASSESSMENT_MESSAGES.imageUploaded.text,
      });
    },
  );

  r.delete(
    path,
    {
      onRequest,
      schema: {
        tags: ["instructor"],
        ...secured,
        description: "Removes the question's image (attempts that showed it keep showing it).",
        params: questionImageParamsSchema,
        response: { 200: assessmentResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id: courseId, assessmentId, questionId } = request.params;
      await images.remove(currentUser(request), { courseId, assessmentId, questionId });
      return answer(assessmentId, ASSESSMENT_MESSAGES.imageRemoved);
    },
  );

  r.get(
    "/question-images/:ext/:fileId",
    {
      schema: {
        tags: ["assessments"],
        description:
          "A question's image through the signed, expiring `url` handed to the assessment's managers and, inside " +
          "their attempt, to its learner.",
        params: questionImageFileParamsSchema,
        querystring: signedMediaQuerySchema,
        response: mediaFailures,
      },
    },
    async (request, reply) => {
      const { ext, fileId } = request.params;
      const { expires, sig } = request.query;
      if (!signer.verify(imageFilePath(ext, fileId), expires, sig)) {
        throw forbidden(MESSAGES.invalidMediaLink);
      }
      reply.header("content-security-policy", IMAGE_POLICY);
      return sendStoredFile(request, reply, storage, {
        key: imageKeyOf(fileId),
        mime: IMAGE_MIME[ext],
        name: `image.${ext}`,
        download: false,
      });
    },
  );
}
