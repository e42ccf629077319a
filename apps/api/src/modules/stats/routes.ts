import { publicStatsResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { PublicCache } from "../../http/public-cache.js";
import { publicStats } from "./repo.js";

/** Headline numbers for the home page hero; public. */
export async function statsRoutes(
  app: FastifyInstance,
  { db, publicCache }: { db: Kysely<Database>; publicCache: PublicCache },
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/stats/public",
      { schema: { tags: ["stats"], response: { 200: publicStatsResponseSchema } } },
      (request, reply) =>
        publicCache.serve(request, reply, publicStatsResponseSchema, async () => ({
          success: true as const,
          data: await publicStats(db),
        })),
    );
}
