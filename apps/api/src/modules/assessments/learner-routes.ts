import {
  ASSESSMENT_MESSAGES,
  assessmentIdParamsSchema,
  attemptParamsSchema,
  attemptResponseSchema,
  courseParamsSchema,
  learnerAssessmentListResponseSchema,
  learnerAssessmentResponseSchema,
  saveAnswersSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import type { AttemptView } from "./attempt-view.js";
import { presentAttemptSummary, presentLearnerAssessment, presentQuestion } from "./present.js";
import type { ImageLink } from "./question-images.js";
import type { AttemptService } from "./taking.js";

const secured = { security: [{ bearerAuth: [] }] };

/** Taking assessments (issue 10): a course's list with one's own state, one assessment, attempts, answers, submit. */
export async function assessmentLearnerRoutes(
  app: FastifyInstance,
  { guard, attempts, view, link }: { guard: Guard; attempts: AttemptService; view: AttemptView; link: ImageLink },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const tags = ["assessments"];

  r.get(
    "/courses/:id/assessments",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "The course's published assessments with the caller's state, counted score and attempts left.",
        params: courseParamsSchema,
        response: { 200: learnerAssessmentListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const rows = await attempts.listForCourse(currentUser(request), request.params.id);
      return {
        success: true as const,
        data: { assessments: rows.map(({ row, standing }) => presentLearnerAssessment(row, standing)) },
      };
    },
  );

  r.get(
    "/assessments/:id",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Settings, the caller's state and attempts; for managers (canManage) also the questions with their key, for a read-only preview.",
        params: assessmentIdParamsSchema,
        response: { 200: learnerAssessmentResponseSchema, ...failures },
      },
    },
    async (request) => {
      const {
        row,
        standing,
        attempts: own,
        questions,
        manages,
      } = await attempts.get(currentUser(request), request.params.id);
      return {
        success: true as const,
        data: {
          assessment: presentLearnerAssessment(row, standing),
          attempts: own.map(presentAttemptSummary),
          ...(questions ? { questions: questions.map((q) => presentQuestion(q, link)) } : {}),
          canManage: manages,
        },
      };
    },
  );

  r.post(
    "/assessments/:id/attempts",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Starts an attempt (201), or returns the one under way (200).",
        params: assessmentIdParamsSchema,
        response: { 200: attemptResponseSchema, 201: attemptResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { attempt, answers, created } = await attempts.start(currentUser(request), request.params.id);
      return reply
        .status(created ? 201 : 200)
        .send({ success: true as const, data: { attempt: await view(attempt, answers, false) } });
    },
  );

  r.get(
    "/attempts/:attemptId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "One's own attempt (or, for managers, any of their course); the answer key only once released.",
        params: attemptParamsSchema,
        response: { 200: attemptResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { attempt, answers, showKey } = await attempts.getAttempt(currentUser(request), request.params.attemptId);
      return { success: true as const, data: { attempt: await view(attempt, answers, showKey) } };
    },
  );

  r.put(
    "/attempts/:attemptId/answers",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Saves answers (a null value clears one). After the deadline and its grace: 409, attempt closed.",
        params: attemptParamsSchema,
        body: saveAnswersSchema,
        response: { 200: attemptResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { attempt, answers } = await attempts.saveAnswers(
        currentUser(request),
        request.params.attemptId,
        request.body,
      );
      return {
        success: true as const,
        data: { attempt: await view(attempt, answers, false) },
        message: ASSESSMENT_MESSAGES.answersSaved.text,
      };
    },
  );

  r.post(
    "/attempts/:attemptId/submit",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Submits and grades what can be graded automatically; a second submit returns the same submission.",
        params: attemptParamsSchema,
        response: { 200: attemptResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { attempt, answers, showKey } = await attempts.submit(currentUser(request), request.params.attemptId);
      return {
        success: true as const,
        data: { attempt: await view(attempt, answers, showKey) },
        message: ASSESSMENT_MESSAGES.submitted.text,
      };
    },
  );
}
