import { dashboardMaterialsQuerySchema, dashboardMaterialsResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canUseInstructorArea } from "../../policies/index.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { presentMaterial } from "./present.js";
import type { MaterialService } from "./service.js";

/** GET /instructor/dashboard/materials (spec §7): the dashboard's course materials card and counter. */
export async function materialDashboardRoutes(
  app: FastifyInstance,
  { guard, materials, signer }: { guard: Guard; materials: MaterialService; signer: UrlSigner },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/instructor/dashboard/materials",
    {
      onRequest: allowOnly(guard, canUseInstructorArea),
      schema: {
        tags: ["instructor"],
        security: [{ bearerAuth: [] }],
        querystring: dashboardMaterialsQuerySchema,
        response: { 200: dashboardMaterialsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await materials.recent(currentUser(request), request.query.limit);
      return {
        success: true as const,
        data: {
          materials: rows.map((row) => ({ ...presentMaterial(row, signer), courseTitle: row.course_title })),
          total,
        },
      };
    },
  );
}
