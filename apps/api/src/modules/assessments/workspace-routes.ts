import {
  ASSESSMENT_WORKSPACE_MESSAGES,
  assessmentResponseSchema,
  duplicateAssessmentSchema,
  instructorAssessmentListQuerySchema,
  instructorAssessmentListResponseSchema,
  workspaceAssessmentParamsSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import { canUseInstructorArea } from "../../policies/index.js";
import { presentAssessment } from "./present.js";
import type { ImageLink } from "./question-images.js";
import type { AssessmentWorkspace } from "./workspace.js";

/** The instructor workspace's assessment calls: the list of every course one manages, one by id, duplicate. */
export async function assessmentWorkspaceRoutes(
  app: FastifyInstance,
  { guard, workspace, link }: { guard: Guard; workspace: AssessmentWorkspace; link: ImageLink },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canUseInstructorArea);
  const common = { tags: ["instructor"], security: [{ bearerAuth: [] }] };

  r.get(
    "/instructor/assessments",
    {
      onRequest,
      schema: {
        ...common,
        description:
          "Filter by courseId, type and state, search in titles; newest first, paged, with submission counts.",
        querystring: instructorAssessmentListQuerySchema,
        response: { 200: instructorAssessmentListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await workspace.list(currentUser(request), request.query);
      return {
        success: true as const,
        data: {
          assessments: rows.map((row) => presentAssessment(row)),
          pagination: pagination(request.query, total),
        },
      };
    },
  );

  r.get(
    "/instructor/assessments/:assessmentId",
    {
      onRequest,
      schema: {
        ...common,
        description: "One assessment with its questions and answer key, for the managers of its course.",
        params: workspaceAssessmentParamsSchema,
        response: { 200: assessmentResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { row, questions } = await workspace.get(currentUser(request), request.params.assessmentId);
      return { success: true as const, data: { assessment: presentAssessment(row, { list: questions, link }) } };
    },
  );

  r.post(
    "/instructor/assessments/:assessmentId/duplicate",
    {
      onRequest,
      schema: {
        ...common,
        description: "A draft copy of the settings and questions in a course one manages (attempts are not copied).",
        params: workspaceAssessmentParamsSchema,
        body: duplicateAssessmentSchema,
        response: { 201: assessmentResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { assessmentId } = request.params;
      const { row, questions } = await workspace.duplicate(currentUser(request), assessmentId, request.body.courseId);
      return reply.status(201).send({
        success: true as const,
        data: { assessment: presentAssessment(row, { list: questions, link }) },
        message: ASSESSMENT_WORKSPACE_MESSAGES.duplicated.text,
      });
    },
  );
}
