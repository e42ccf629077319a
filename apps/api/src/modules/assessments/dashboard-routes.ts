import { dashboardAssessmentsQuerySchema, dashboardAssessmentsResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canUseInstructorArea } from "../../policies/index.js";
import { presentAssessment } from "./present.js";
import type { AssessmentService } from "./service.js";

/** GET /instructor/dashboard/assessments (spec §7): the dashboard's recent assessments card and counter. */
export async function assessmentDashboardRoutes(
  app: FastifyInstance,
  { guard, assessments }: { guard: Guard; assessments: AssessmentService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/instructor/dashboard/assessments",
    {
      onRequest: allowOnly(guard, canUseInstructorArea),
      schema: {
        tags: ["instructor"],
        security: [{ bearerAuth: [] }],
        querystring: dashboardAssessmentsQuerySchema,
        response: { 200: dashboardAssessmentsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total, active } = await assessments.recent(currentUser(request), request.query.limit);
      const data = { assessments: rows.map((row) => presentAssessment(row)), total, active };
      return { success: true as const, data };
    },
  );
}
