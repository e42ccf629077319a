import {
  courseDetailResponseSchema,
  courseParamsSchema,
  courseResponseSchema,
  courseStatusSchema,
  MESSAGES,
  managedCourseListQuerySchema,
  managedCourseListResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import { sendJson } from "../../http/send-json.js";
import type { Actor } from "../../policies/index.js";
import { registerCourseAuthoring } from "./authoring-routes.js";
import { presentCourse, presentManagedCourse } from "./present.js";
import type { CourseReader } from "./reader.js";
import type { CourseService } from "./service.js";

export interface AreaRouteDeps {
  guard: Guard;
  /** Who may enter the area: instructors and admins (/instructor), or admins (/admin). */
  allowed: (actor: Actor) => boolean;
  tag: string;
}

const secured = { security: [{ bearerAuth: [] }] };

/**
 * The course calls of the instructor and admin areas (spec §7): the same rules under both
 * prefixes; instructors reach only the courses they teach, admins every course.
 */
export async function courseAreaRoutes(
  app: FastifyInstance,
  { guard, allowed, tag, courses, reader }: AreaRouteDeps & { courses: CourseService; reader: CourseReader },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];

  r.get(
    "/courses",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        querystring: managedCourseListQuerySchema,
        response: { 200: managedCourseListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await courses.listManaged(currentUser(request), request.query);
      return {
        success: true as const,
        data: { courses: rows.map(presentManagedCourse), pagination: pagination(request.query, total) },
      };
    },
  );

  r.get(
    "/courses/:id",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        response: { 200: courseDetailResponseSchema, ...failures },
      },
    },
    async (request, reply) => sendJson(reply, await reader.detailAnswer(currentUser(request), request.params.id)),
  );

  registerCourseAuthoring(app, { onRequest, tags, courses });
}

/** Publishing (spec §4): `active` publishes, `inactive` unpublishes; who may is the service's policy question. */
export async function courseStatusRoutes(
  app: FastifyInstance,
  { guard, allowed, tag, courses }: AreaRouteDeps & { courses: CourseService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().patch(
    "/courses/:id/status",
    {
      onRequest: allowOnly(guard, allowed),
      schema: {
        tags: [tag],
        ...secured,
        params: courseParamsSchema,
        body: courseStatusSchema,
        response: { 200: courseResponseSchema, ...failures },
      },
    },
    async (request) => {
      const published = request.body.status === "active";
      const course = await courses.setPublished(currentUser(request), request.params.id, published);
      return {
        success: true as const,
        data: { course: presentCourse(course) },
        message: (published ? MESSAGES.coursePublished : MESSAGES.courseUnpublished).text,
      };
    },
  );
}
