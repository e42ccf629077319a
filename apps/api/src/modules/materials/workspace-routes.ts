import { instructorMaterialListQuerySchema, instructorMaterialListResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import { canUseInstructorArea } from "../../policies/index.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { presentMaterial } from "./present.js";
import type { MaterialService } from "./service.js";

/** GET /instructor/materials: the workspace's list of every material of the courses one manages (admins: all). */
export async function materialWorkspaceRoutes(
  app: FastifyInstance,
  { guard, materials, signer }: { guard: Guard; materials: MaterialService; signer: UrlSigner },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/instructor/materials",
    {
      onRequest: allowOnly(guard, canUseInstructorArea),
      schema: {
        tags: ["instructor"],
        security: [{ bearerAuth: [] }],
        description: "Filter by courseId and type, search in titles; newest first, paged.",
        querystring: instructorMaterialListQuerySchema,
        response: { 200: instructorMaterialListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await materials.managed(currentUser(request), request.query);
      return {
        success: true as const,
        data: {
          materials: rows.map((row) => ({ ...presentMaterial(row, signer), courseTitle: row.course_title })),
          pagination: pagination(request.query, total),
        },
      };
    },
  );
}
