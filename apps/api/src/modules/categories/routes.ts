import { categoryListResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { PublicCache } from "../../http/public-cache.js";
import { listCategoriesWithCounts } from "./repo.js";

export async function categoryRoutes(
  app: FastifyInstance,
  { db, publicCache }: { db: Kysely<Database>; publicCache: PublicCache },
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/categories",
      { schema: { tags: ["categories"], response: { 200: categoryListResponseSchema } } },
      (request, reply) =>
        publicCache.serve(request, reply, categoryListResponseSchema, async () => ({
          success: true as const,
          data: { categories: await listCategoriesWithCounts(db) },
        })),
    );
}
