import {
  bulkDeleteUsersSchema,
  bulkUpdateUsersSchema,
  bulkUsersResponseSchema,
  createUserSchema,
  messageResponseSchema,
  USER_ADMIN_MESSAGES,
  updateUserSchema,
  userParamsSchema,
  userResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import { canManageUsers } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { presentUser } from "./present.js";
import { createUserService } from "./service.js";

const secured = { tags: ["users"], security: [{ bearerAuth: [] }] };

/** User management (spec §7 Admin): create, read, update, delete, toggle status, bulk update and delete. */
export async function userManageRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    guard: Guard;
    signer: UrlSigner;
    discard: DiscardFiles;
    mail: MailQueue;
    publicUrl: string;
  },
) {
  const { db, guard, signer, discard, mail, publicUrl } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canManageUsers);
  const users = createUserService({ db, discard, mail, publicUrl });
  const one = { ...secured, params: userParamsSchema };

  r.post(
    "/admin/users",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "A password, or `sendInvitation: true` and no password: the user is e-mailed a one-use link " +
          "(valid 7 days) to set their password, which signs them in.",
        body: createUserSchema,
        response: { 201: userResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const user = await users.create(currentUser(request), request.body);
      reply.code(201);
      return {
        success: true as const,
        data: { user: presentUser(user, signer) },
        message: (request.body.sendInvitation ? USER_ADMIN_MESSAGES.invitationSent : USER_ADMIN_MESSAGES.created).text,
      };
    },
  );

  r.get(
    "/admin/users/:id",
    { onRequest, schema: { ...one, response: { 200: userResponseSchema, ...failures } } },
    async (request) => ({
      success: true as const,
      data: { user: presentUser(await users.get(request.params.id), signer) },
    }),
  );

  r.put(
    "/admin/users/:id",
    { onRequest, schema: { ...one, body: updateUserSchema, response: { 200: userResponseSchema, ...failures } } },
    async (request) => {
      const user = await users.update(currentUser(request), request.params.id, request.body);
      return {
        success: true as const,
        data: { user: presentUser(user, signer) },
        message: USER_ADMIN_MESSAGES.updated.text,
      };
    },
  );

  r.delete(
    "/admin/users/:id",
    { onRequest, schema: { ...one, response: { 200: messageResponseSchema, ...failures } } },
    async (request) => {
      await users.remove(currentUser(request), request.params.id);
      return { success: true as const, message: USER_ADMIN_MESSAGES.deleted.text };
    },
  );

  r.patch(
    "/admin/users/:id/toggle-status",
    { onRequest, schema: { ...one, response: { 200: userResponseSchema, ...failures } } },
    async (request) => {
      const user = await users.toggleStatus(currentUser(request), request.params.id);
      const message = (user.status === "active" ? USER_ADMIN_MESSAGES.activated : USER_ADMIN_MESSAGES.deactivated).text;
      return { success: true as const, data: { user: presentUser(user, signer) }, message };
    },
  );

  r.post(
    "/admin/users/bulk-update",
    {
      onRequest,
      schema: { ...secured, body: bulkUpdateUsersSchema, response: { 200: bulkUsersResponseSchema, ...failures } },
    },
    async (request) => {
      const { userIds, updates } = request.body;
      const count = await users.bulkUpdate(currentUser(request), userIds, updates);
      return { success: true as const, data: { count }, message: `${count} user(s) updated` };
    },
  );

  r.post(
    "/admin/users/bulk-delete",
    {
      onRequest,
      schema: { ...secured, body: bulkDeleteUsersSchema, response: { 200: bulkUsersResponseSchema, ...failures } },
    },
    async (request) => {
      const count = await users.bulkDelete(currentUser(request), request.body.userIds);
      return { success: true as const, data: { count }, message: `${count} user(s) deleted` };
    },
  );
}
