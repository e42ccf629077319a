import { userListQuerySchema, userListResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures, pagination } from "../../http/failures.js";
import { isAdmin } from "../../policies/index.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { presentUser } from "./present.js";
import { listUsers } from "./repo.js";

/** GET /api/admin/users: the searchable user list (admins), used by user management and course Batch. */
export async function userAdminRoutes(
  app: FastifyInstance,
  { db, guard, signer }: { db: Kysely<Database>; guard: Guard; signer: UrlSigner },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/admin/users",
    {
      onRequest: allowOnly(guard, isAdmin),
      schema: {
        tags: ["users"],
        security: [{ bearerAuth: [] }],
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total, capped } = await listUsers(db, request.query);
      return {
        success: true as const,
        data: {
          users: rows.map((row) => presentUser(row, signer)),
          pagination: { ...pagination(request.query, total), capped },
        },
      };
    },
  );
}
