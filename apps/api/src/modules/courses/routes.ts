import { courseListQuerySchema, courseListResponseSchema, errorResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { PublicCache } from "../../http/public-cache.js";
import { presentCourseSummary } from "./present.js";
import { listPublishedCourses } from "./repo.js";

/** The public catalogue: published courses, searchable, filterable by category, paginated. */
export async function courseRoutes(
  app: FastifyInstance,
  { db, publicCache }: { db: Kysely<Database>; publicCache: PublicCache },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/courses",
    {
      schema: {
        tags: ["courses"],
        querystring: courseListQuerySchema,
        response: { 200: courseListResponseSchema, 400: errorResponseSchema },
      },
    },
    (request, reply) =>
      publicCache.serve(request, reply, courseListResponseSchema, async () => {
        const query = request.query;
        const { rows, total } = await listPublishedCourses(db, query);
        return {
          success: true as const,
          data: {
            courses: rows.map(presentCourseSummary),
            pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
          },
        };
      }),
  );
}
