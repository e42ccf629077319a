import {
  courseCreateSchema,
  courseParamsSchema,
  courseResponseSchema,
  courseUpdateSchema,
  MESSAGES,
  messageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { presentCourse } from "./present.js";
import type { CourseService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/**
 * Creating, updating and deleting a course. The spec has these calls under /courses and under the
 * instructor and admin areas; the rules live in the service, so every prefix registers these same routes.
 */
export function registerCourseAuthoring(
  app: FastifyInstance,
  { onRequest, tags, courses }: { onRequest: onRequestAsyncHookHandler; tags: string[]; courses: CourseService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/courses",
    {
      onRequest,
      schema: { tags, ...secured, body: courseCreateSchema, response: { 201: courseResponseSchema, ...failures } },
    },
    async (request, reply) => {
      const course = await courses.create(currentUser(request), request.body);
      return reply.status(201).send({
        success: true as const,
        data: { course: presentCourse(course) },
        message: MESSAGES.courseCreated.text,
      });
    },
  );

  r.put(
    "/courses/:id",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        body: courseUpdateSchema,
        response: { 200: courseResponseSchema, ...failures },
      },
    },
    async (request) => {
      const course = await courses.update(currentUser(request), request.params.id, request.body);
      return { success: true as const, data: { course: presentCourse(course) }, message: MESSAGES.courseUpdated.text };
    },
  );

  r.delete(
    "/courses/:id",
    {
      onRequest,
      schema: { tags, ...secured, params: courseParamsSchema, response: { 200: messageResponseSchema, ...failures } },
    },
    async (request) => {
      await courses.remove(currentUser(request), request.params.id);
      return { success: true as const, message: MESSAGES.courseDeleted.text };
    },
  );
}
