import {
  announcementCreateSchema,
  announcementListQuerySchema,
  announcementListResponseSchema,
  announcementParamsSchema,
  announcementResponseSchema,
  announcementUpdateSchema,
  courseParamsSchema,
  MESSAGES,
  messageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import { presentAnnouncement } from "./present.js";
import type { AnnouncementService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/** Course announcements (spec §7), under the instructor and admin areas. */
export async function announcementRoutes(
  app: FastifyInstance,
  { guard, allowed, tag, announcements }: AreaRouteDeps & { announcements: AnnouncementService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];

  r.get(
    "/courses/:id/announcements",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        querystring: announcementListQuerySchema,
        response: { 200: announcementListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await announcements.list(currentUser(request), request.params.id, request.query);
      return {
        success: true as const,
        data: { announcements: rows.map(presentAnnouncement), pagination: pagination(request.query, total) },
      };
    },
  );

  r.post(
    "/courses/:id/announcements",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        body: announcementCreateSchema,
        response: { 201: announcementResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const row = await announcements.create(currentUser(request), request.params.id, request.body);
      return reply.status(201).send({
        success: true as const,
        data: { announcement: presentAnnouncement(row) },
        message: MESSAGES.announcementCreated.text,
      });
    },
  );

  r.put(
    "/courses/:id/announcements/:announcementId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: announcementParamsSchema,
        body: announcementUpdateSchema,
        response: { 200: announcementResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, announcementId } = request.params;
      const row = await announcements.update(currentUser(request), id, announcementId, request.body);
      return {
        success: true as const,
        data: { announcement: presentAnnouncement(row) },
        message: MESSAGES.announcementUpdated.text,
      };
    },
  );

  r.delete(
    "/courses/:id/announcements/:announcementId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: announcementParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await announcements.remove(currentUser(request), request.params.id, request.params.announcementId);
      return { success: true as const, message: MESSAGES.announcementDeleted.text };
    },
  );
}
