import {
  ASSESSMENT_MESSAGES,
  assessmentCreateSchema,
  assessmentListResponseSchema,
  assessmentParamsSchema,
  assessmentResponseSchema,
  assessmentResultsQuerySchema,
  assessmentResultsResponseSchema,
  assessmentUpdateSchema,
  attemptResponseSchema,
  courseParamsSchema,
  gradeSubmissionSchema,
  messageResponseSchema,
  regradeResponseSchema,
  submissionParamsSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import type { AttemptView } from "./attempt-view.js";
import type { HandGradingService } from "./hand-grading.js";
import { presentAssessment, presentResult } from "./present.js";
import type { ImageLink } from "./question-images.js";
import type { RegradeService } from "./regrade.js";
import type { AssessmentService } from "./service.js";

interface AssessmentRouteDeps extends AreaRouteDeps {
  assessments: AssessmentService;
  link: ImageLink;
}

const secured = { security: [{ bearerAuth: [] }] };

/** POST .../courses/:id/assessments (spec §7): the same call under /instructor and /admin. */
export async function assessmentCreateRoute(app: FastifyInstance, deps: AssessmentRouteDeps): Promise<void> {
  const { guard, allowed, tag, assessments, link } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    "/courses/:id/assessments",
    {
      onRequest: allowOnly(guard, allowed),
      schema: {
        tags: [tag],
        ...secured,
        description: "Settings and the questions inline; totalPoints is the sum of the questions' points.",
        params: courseParamsSchema,
        body: assessmentCreateSchema,
        response: { 201: assessmentResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { row, questions } = await assessments.create(currentUser(request), request.params.id, request.body);
      return reply.status(201).send({
        success: true as const,
        data: { assessment: presentAssessment(row, { list: questions, link }) },
        message: ASSESSMENT_MESSAGES.created.text,
      });
    },
  );
}

/** The instructor's assessment calls of spec §7: list, edit, delete and results. */
export async function assessmentManagerRoutes(
  app: FastifyInstance,
  deps: AssessmentRouteDeps & { grading: HandGradingService; regrading: RegradeService; view: AttemptView },
): Promise<void> {
  const { guard, allowed, tag, assessments, grading, regrading, view, link } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];

  r.get(
    "/courses/:id/assessments",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        response: { 200: assessmentListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const rows = await assessments.list(currentUser(request), request.params.id);
      return { success: true as const, data: { assessments: rows.map((row) => presentAssessment(row)) } };
    },
  );

  r.put(
    "/courses/:id/assessments/:assessmentId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Only the fields sent change; `questions`, when sent, replaces the list. Attempts keep theirs.",
        params: assessmentParamsSchema,
        body: assessmentUpdateSchema,
        response: { 200: assessmentResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, assessmentId } = request.params;
      const { row, questions } = await assessments.update(currentUser(request), id, assessmentId, request.body);
      return {
        success: true as const,
        data: { assessment: presentAssessment(row, { list: questions, link }) },
        message: ASSESSMENT_MESSAGES.updated.text,
      };
    },
  );

  r.delete(
    "/courses/:id/assessments/:assessmentId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: assessmentParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await assessments.remove(currentUser(request), request.params.id, request.params.assessmentId);
      return { success: true as const, message: ASSESSMENT_MESSAGES.deleted.text };
    },
  );

  r.get(
    "/courses/:id/assessments/:assessmentId/results",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Every attempt, newest first: learner, attempt number, state, score, submitted time, late flag.",
        params: assessmentParamsSchema,
        querystring: assessmentResultsQuerySchema,
        response: { 200: assessmentResultsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, assessmentId } = request.params;
      const { rows, total } = await assessments.results(currentUser(request), id, assessmentId, request.query);
      return {
        success: true as const,
        data: { results: rows.map(presentResult), pagination: pagination(request.query, total) },
      };
    },
  );

  r.put(
    "/courses/:id/assessments/:assessmentId/submissions/:submissionId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Hand grading: points (within each question's points) and feedback; graded once every question has points.",
        params: submissionParamsSchema,
        body: gradeSubmissionSchema,
        response: { 200: attemptResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, assessmentId, submissionId } = request.params;
      const { attempt, answers } = await grading.grade(
        currentUser(request),
        id,
        assessmentId,
        submissionId,
        request.body,
      );
      return {
        success: true as const,
        data: { attempt: await view(attempt, answers, true) },
        message: ASSESSMENT_MESSAGES.graded.text,
      };
    },
  );

  r.post(
    "/courses/:id/assessments/:assessmentId/regrade",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Scores every attempt's automatically graded questions again against the current questions (hand grades " +
          "are kept) and logs it. Editing an assessment never changes earned scores without this.",
        params: assessmentParamsSchema,
        response: { 200: regradeResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, assessmentId } = request.params;
      const result = await regrading.regrade(currentUser(request), id, assessmentId);
      return { success: true as const, data: result, message: ASSESSMENT_MESSAGES.regraded.text };
    },
  );
}
