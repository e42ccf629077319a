import {
  CONTENT_MESSAGES,
  contentOrderResponseSchema,
  contentOrderSchema,
  courseParamsSchema,
  lessonCreateSchema,
  lessonFileParamsSchema,
  lessonFileResponseSchema,
  lessonParamsSchema,
  lessonResponseSchema,
  lessonUpdateSchema,
  MESSAGES,
  messageResponseSchema,
  moduleCreateSchema,
  moduleParamsSchema,
  moduleResponseSchema,
  moduleUpdateSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { badRequest, fieldError } from "../../http/errors.js";
import { failures, uploadFailures } from "../../http/failures.js";
import { receiveUpload } from "../../http/upload.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import { groupBy, presentContentTree, presentLesson, presentLessonFile, presentModule } from "./present.js";
import type { ContentService } from "./service.js";

interface ContentRouteDeps extends AreaRouteDeps {
  content: ContentService;
  storage: Storage;
  signer: UrlSigner;
}

const secured = { security: [{ bearerAuth: [] }] };

/** Modules, lessons and lesson files of a course (spec §7), under the instructor and admin areas. */
export async function contentRoutes(app: FastifyInstance, deps: ContentRouteDeps): Promise<void> {
  const { guard, allowed, tag, content, storage, signer } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];
  const presentFiles = (files: Parameters<typeof presentLessonFile>[0][]) =>
    files.map((f) => presentLessonFile(f, signer));

  r.post(
    "/courses/:id/modules",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        body: moduleCreateSchema,
        response: { 201: moduleResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const module = await content.createModule(currentUser(request), request.params.id, request.body);
      return reply.status(201).send({
        success: true as const,
        data: { module: presentModule(module, []) },
        message: MESSAGES.moduleCreated.text,
      });
    },
  );

  r.put(
    "/courses/:id/modules/order",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Puts the course's modules, and each module's lessons, in the order given. The body lists every module of the course once, each with every one of its lessons once.",
        params: courseParamsSchema,
        body: contentOrderSchema,
        response: { 200: contentOrderResponseSchema, ...failures },
      },
    },
    async (request) => {
      const tree = await content.reorder(currentUser(request), request.params.id, request.body);
      return {
        success: true as const,
        data: { modules: presentContentTree(tree, signer) },
        message: CONTENT_MESSAGES.reordered.text,
      };
    },
  );

  r.put(
    "/courses/:id/modules/:moduleId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: moduleParamsSchema,
        body: moduleUpdateSchema,
        response: { 200: moduleResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, moduleId } = request.params;
      const updated = await content.updateModule(currentUser(request), id, moduleId, request.body);
      const filesByLesson = groupBy(updated.files, (f) => f.lesson_id);
      const lessons = updated.lessons.map((l) => presentLesson(l, presentFiles(filesByLesson.get(l.id) ?? [])));
      return {
        success: true as const,
        data: { module: presentModule(updated.module, lessons) },
        message: MESSAGES.moduleUpdated.text,
      };
    },
  );

  r.delete(
    "/courses/:id/modules/:moduleId",
    {
      onRequest,
      schema: { tags, ...secured, params: moduleParamsSchema, response: { 200: messageResponseSchema, ...failures } },
    },
    async (request) => {
      await content.deleteModule(currentUser(request), request.params.id, request.params.moduleId);
      return { success: true as const, message: MESSAGES.moduleDeleted.text };
    },
  );

  r.post(
    "/courses/:id/modules/:moduleId/lessons",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: moduleParamsSchema,
        body: lessonCreateSchema,
        response: { 201: lessonResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { id, moduleId } = request.params;
      const lesson = await content.createLesson(currentUser(request), id, moduleId, request.body);
      return reply.status(201).send({
        success: true as const,
        data: { lesson: presentLesson(lesson, []) },
        message: MESSAGES.lessonCreated.text,
      });
    },
  );

  r.put(
    "/courses/:id/modules/:moduleId/lessons/:lessonId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: lessonParamsSchema,
        body: lessonUpdateSchema,
        response: { 200: lessonResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, moduleId, lessonId } = request.params;
      const updated = await content.updateLesson(currentUser(request), id, moduleId, lessonId, request.body);
      return {
        success: true as const,
        data: { lesson: presentLesson(updated.lesson, presentFiles(updated.files)) },
        message: MESSAGES.lessonUpdated.text,
      };
    },
  );

  r.delete(
    "/courses/:id/modules/:moduleId/lessons/:lessonId",
    {
      onRequest,
      schema: { tags, ...secured, params: lessonParamsSchema, response: { 200: messageResponseSchema, ...failures } },
    },
    async (request) => {
      const { id, moduleId, lessonId } = request.params;
      await content.deleteLesson(currentUser(request), id, moduleId, lessonId);
      return { success: true as const, message: MESSAGES.lessonDeleted.text };
    },
  );

  r.post(
    "/courses/:id/modules/:moduleId/lessons/:lessonId/content",
    {
      onRequest,
      config: { multipartBody: { file: { name: "content", required: true } } },
      schema: {
        tags,
        ...secured,
        description:
          "multipart/form-data with one file in the field `content`: any type, at most maxFileSize (413). " +
          "Files a browser would not merely show (anything but video, audio, raster images and PDF) are served as downloads.",
        consumes: ["multipart/form-data"],
        params: lessonParamsSchema,
        response: { 201: lessonFileResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const { id, moduleId, lessonId } = request.params;
      const actor = currentUser(request);
      const options = await content.prepareUpload(actor, id, moduleId, lessonId);
      const { file } = await receiveUpload(request, storage, options);
      if (!file)
        throw badRequest(MESSAGES.selectAtLeastOneFile, [fieldError("content", MESSAGES.selectAtLeastOneFile)]);
      const row = await content.addFile(actor, id, lessonId, file);
      return reply.status(201).send({
        success: true as const,
        data: { file: presentLessonFile(row, signer) },
        message: MESSAGES.fileUploaded.text,
      });
    },
  );

  r.delete(
    "/courses/:id/modules/:moduleId/lessons/:lessonId/content/:fileId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: lessonFileParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, moduleId, lessonId, fileId } = request.params;
      await content.deleteFile(currentUser(request), id, moduleId, lessonId, fileId);
      return { success: true as const, message: MESSAGES.fileDeleted.text };
    },
  );
}
