import {
  courseParamsSchema,
  enrolledCoursesQuerySchema,
  enrolledCoursesResponseSchema,
  MESSAGES,
  ratingRequestSchema,
  ratingResponseSchema,
  selfEnrollResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import { courseIcon } from "../courses/icon.js";
import { presentCourseStats, presentCourseSummary } from "../courses/present.js";
import { presentCourseProgress } from "../progress/present.js";
import { presentEnrollment } from "./present.js";
import type { EnrollmentService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/** A learner's own enrollments: enroll from the catalogue, rate, and list their courses. */
export async function enrollmentRoutes(
  app: FastifyInstance,
  { guard, enrollments }: { guard: Guard; enrollments: EnrollmentService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);

  r.post(
    "/courses/:id/enroll",
    {
      onRequest,
      schema: {
        tags: ["enrollments"],
        ...secured,
        params: courseParamsSchema,
        response: { 201: selfEnrollResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { enrollment, credits } = await enrollments.selfEnroll(currentUser(request), request.params.id);
      return reply.status(201).send({
        success: true as const,
        data: { enrollment: presentEnrollment(enrollment), credits },
        message: MESSAGES.enrolledSuccess.text,
      });
    },
  );

  r.post(
    "/courses/:id/rating",
    {
      onRequest,
      schema: {
        tags: ["enrollments"],
        ...secured,
        params: courseParamsSchema,
        body: ratingRequestSchema,
        response: { 200: ratingResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rating } = request.body;
      const course = await enrollments.rate(currentUser(request), request.params.id, rating);
      return {
        success: true as const,
        data: { rating, stats: presentCourseStats(course) },
        message: MESSAGES.ratingSaved.text,
      };
    },
  );

  r.get(
    "/users/enrolled-courses",
    {
      onRequest,
      schema: {
        tags: ["enrollments"],
        ...secured,
        querystring: enrolledCoursesQuerySchema,
        response: { 200: enrolledCoursesResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { items, total } = await enrollments.enrolledCourses(currentUser(request), request.query);
      return {
        success: true as const,
        data: {
          courses: items.map(({ course, enrollment, counts, nextLessonId }) => ({
            ...presentCourseSummary(course),
            progress: presentCourseProgress(counts, enrollment),
            enrollment: presentEnrollment(enrollment),
            nextLessonId,
            ...courseIcon(course),
          })),
          pagination: pagination(request.query, total),
        },
      };
    },
  );
}
