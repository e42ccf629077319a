import {
  categoryListResponseSchema,
  categoryParamsSchema,
  categoryResponseSchema,
  categoryWriteSchema,
  MESSAGES,
  messageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import type { PublicCache } from "../../http/public-cache.js";
import { canManageCategories } from "../../policies/index.js";
import { listCategoriesWithCounts } from "./repo.js";
import type { CategoryService } from "./service.js";

interface CategoryRouteDeps {
  db: Kysely<Database>;
  publicCache: PublicCache;
  guard: Guard;
  categories: CategoryService;
}

const secured = { security: [{ bearerAuth: [] }] };

/** The category list (public) and, for admins, creating, renaming and deleting categories. */
export async function categoryRoutes(app: FastifyInstance, deps: CategoryRouteDeps): Promise<void> {
  const { db, publicCache, guard, categories } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canManageCategories);

  r.get(
    "/categories",
    { schema: { tags: ["categories"], response: { 200: categoryListResponseSchema } } },
    (request, reply) =>
      publicCache.serve(request, reply, categoryListResponseSchema, async () => ({
        success: true as const,
        data: { categories: await listCategoriesWithCounts(db) },
      })),
  );

  r.post(
    "/categories",
    {
      onRequest,
      schema: {
        tags: ["categories"],
        ...secured,
        body: categoryWriteSchema,
        response: { 201: categoryResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const category = await categories.create(currentUser(request), request.body.name);
      return reply
        .status(201)
        .send({ success: true as const, data: { category }, message: MESSAGES.categoryCreated.text });
    },
  );

  r.put(
    "/categories/:id",
    {
      onRequest,
      schema: {
        tags: ["categories"],
        ...secured,
        params: categoryParamsSchema,
        body: categoryWriteSchema,
        response: { 200: categoryResponseSchema, ...failures },
      },
    },
    async (request) => {
      const category = await categories.rename(currentUser(request), request.params.id, request.body.name);
      return { success: true as const, data: { category }, message: MESSAGES.categoryUpdated.text };
    },
  );

  r.delete(
    "/categories/:id",
    {
      onRequest,
      schema: {
        tags: ["categories"],
        ...secured,
        params: categoryParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await categories.remove(currentUser(request), request.params.id);
      return { success: true as const, message: MESSAGES.categoryDeleted.text };
    },
  );
}
