import {
  courseAnalyticsQuerySchema,
  courseAnalyticsResponseSchema,
  courseParamsSchema,
  studentProgressExportQuerySchema,
  studentProgressQuerySchema,
  studentProgressResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { sendCsv } from "../../http/csv.js";
import { failures, pagination } from "../../http/failures.js";
import { canUseInstructorArea } from "../../policies/index.js";
import { studentsCsv, studentsCsvName } from "./csv.js";
import type { AnalyticsService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/** GET .../analytics and .../students/progress (spec §7), and the students list as CSV. */
export async function courseAnalyticsRoutes(
  app: FastifyInstance,
  { guard, analytics }: { guard: Guard; analytics: AnalyticsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canUseInstructorArea);
  const tags = ["instructor"];

  r.get(
    "/instructor/courses/:id/analytics",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Enrollments over time, completion, progress, assessment scores, attendance and stop points.",
        params: courseParamsSchema,
        querystring: courseAnalyticsQuerySchema,
        response: { 200: courseAnalyticsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const figures = await analytics.course(currentUser(request), request.params.id, request.query);
      return { success: true as const, data: { analytics: figures } };
    },
  );

  r.get(
    "/instructor/courses/:id/students/progress",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "One row per learner: progress, last activity, grade, missing work, at-risk flag.",
        params: courseParamsSchema,
        querystring: studentProgressQuerySchema,
        response: { 200: studentProgressResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { students, total } = await analytics.students(currentUser(request), request.params.id, request.query);
      return { success: true as const, data: { students, pagination: pagination(request.query, total) } };
    },
  );

  r.get(
    "/instructor/courses/:id/students/progress/export",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Every learner of the list (same search and order) as a CSV file, streamed.",
        params: courseParamsSchema,
        querystring: studentProgressExportQuerySchema,
        response: failures,
      },
    },
    async (request, reply) => {
      const { course, at, rows } = await analytics.export(currentUser(request), request.params.id, request.query);
      return sendCsv(reply, studentsCsv(rows), studentsCsvName(course.course_code, at));
    },
  );
}
