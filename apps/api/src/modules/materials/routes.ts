import {
  courseParamsSchema,
  MESSAGES,
  materialListQuerySchema,
  materialListResponseSchema,
  materialParamsSchema,
  materialResponseSchema,
  materialUpdateSchema,
  messageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { failures, mediaFailures, pagination, uploadFailures } from "../../http/failures.js";
import { receiveUpload } from "../../http/upload.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import { presentMaterial } from "./present.js";
import type { MaterialService } from "./service.js";

interface MaterialRouteDeps extends AreaRouteDeps {
  materials: MaterialService;
  storage: Storage;
  signer: UrlSigner;
}

const secured = { security: [{ bearerAuth: [] }] };

/** A later range request of a download already under way (seeking, resuming) is not a new download. */
export const continuesDownload = (request: FastifyRequest) => {
  const range = request.headers.range;
  return typeof range === "string" && !/^bytes=0-/.test(range.trim());
};

/** Course materials (spec §7): list, multipart upload (field `material`), download, edit, delete. */
export async function materialRoutes(app: FastifyInstance, deps: MaterialRouteDeps): Promise<void> {
  const { guard, allowed, tag, materials, storage, signer } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];

  r.get(
    "/courses/:id/materials",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        querystring: materialListQuerySchema,
        response: { 200: materialListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await materials.list(currentUser(request), request.params.id, request.query);
      return {
        success: true as const,
        data: { materials: rows.map((m) => presentMaterial(m, signer)), pagination: pagination(request.query, total) },
      };
    },
  );

  r.post(
    "/courses/:id/materials",
    {
      onRequest,
      config: {
        multipartBody: {
          file: { name: "material", required: false },
          fields: { title: "The title (required).", description: "A description.", url: "A link, instead of a file." },
          required: ["title"],
        },
      },
      schema: {
        tags,
        ...secured,
        description: "multipart/form-data: title, description, and a file in `material` (or a `url` for a link).",
        consumes: ["multipart/form-data"],
        params: courseParamsSchema,
        response: { 201: materialResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const options = await materials.prepareUpload(actor, request.params.id);
      const upload = await receiveUpload(request, storage, options);
      const row = await materials.create(actor, request.params.id, upload);
      return reply.status(201).send({
        success: true as const,
        data: { material: presentMaterial(row, signer) },
        message: MESSAGES.materialCreated.text,
      });
    },
  );

  r.get(
    "/courses/:id/materials/:materialId/download",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "The file (with range support), or for a link material a redirect to its address.",
        params: materialParamsSchema,
        response: { ...failures, 416: mediaFailures[416] },
      },
    },
    async (request, reply) => {
      const { id, materialId } = request.params;
      const target = await materials.downloadByManager(
        currentUser(request),
        id,
        materialId,
        continuesDownload(request),
      );
      if ("link" in target) return reply.redirect(target.link);
      return sendStoredFile(request, reply, storage, target.file);
    },
  );

  r.put(
    "/courses/:id/materials/:materialId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: materialParamsSchema,
        body: materialUpdateSchema,
        response: { 200: materialResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, materialId } = request.params;
      const row = await materials.update(currentUser(request), id, materialId, request.body);
      return {
        success: true as const,
        data: { material: presentMaterial(row, signer) },
        message: MESSAGES.materialUpdated.text,
      };
    },
  );

  r.delete(
    "/courses/:id/materials/:materialId",
    {
      onRequest,
      schema: { tags, ...secured, params: materialParamsSchema, response: { 200: messageResponseSchema, ...failures } },
    },
    async (request) => {
      await materials.remove(currentUser(request), request.params.id, request.params.materialId);
      return { success: true as const, message: MESSAGES.materialDeleted.text };
    },
  );
}
