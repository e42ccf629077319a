import {
  courseParamsSchema,
  courseReviewStateResponseSchema,
  REVIEW_MESSAGES,
  reviewDecisionSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import { canReviewCourses, canUseInstructorArea } from "../../policies/index.js";
import { presentQueueItem } from "./present.js";
import type { ReviewService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/**
 * The course review calls (issue 9; additions to the spec's call list):
 * GET/POST /instructor/courses/{id}/review (state; submit), GET /admin/courses/reviews (queue),
 * POST /admin/courses/{id}/review (publish or send back).
 */
export async function reviewRoutes(
  app: FastifyInstance,
  { guard, reviews }: { guard: Guard; reviews: ReviewService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = allowOnly(guard, canUseInstructorArea);
  const admins = allowOnly(guard, canReviewCourses);

  r.get(
    "/instructor/courses/:id/review",
    {
      onRequest: staff,
      schema: {
        tags: ["instructor"],
        ...secured,
        params: courseParamsSchema,
        response: { 200: courseReviewStateResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reviews.state(currentUser(request), request.params.id),
    }),
  );

  r.post(
    "/instructor/courses/:id/review",
    {
      onRequest: staff,
      schema: {
        tags: ["instructor"],
        ...secured,
        params: courseParamsSchema,
        response: { 200: courseReviewStateResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reviews.submit(currentUser(request), request.params.id),
      message: REVIEW_MESSAGES.submitted.text,
    }),
  );

  r.get(
    "/admin/courses/reviews",
    {
      onRequest: admins,
      schema: {
        tags: ["admin"],
        ...secured,
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await reviews.queue(currentUser(request), request.query);
      return {
        success: true as const,
        data: { courses: rows.map(presentQueueItem), pagination: pagination(request.query, total) },
      };
    },
  );

  r.post(
    "/admin/courses/:id/review",
    {
      onRequest: admins,
      schema: {
        tags: ["admin"],
        ...secured,
        params: courseParamsSchema,
        body: reviewDecisionSchema,
        response: { 200: courseReviewStateResponseSchema, ...failures },
      },
    },
    async (request) => {
      const state = await reviews.decide(currentUser(request), request.params.id, request.body);
      const message = (request.body.decision === "publish" ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.sentBack).text;
      return { success: true as const, data: state, message };
    },
  );
}
