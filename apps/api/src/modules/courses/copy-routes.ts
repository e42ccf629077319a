import {
  COURSE_COPY_MESSAGES,
  courseCopyResponseSchema,
  courseCopySchema,
  courseParamsSchema,
  MESSAGES,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { failures } from "../../http/failures.js";
import type { AreaRouteDeps } from "./area-routes.js";
import type { CourseCopier } from "./copy.js";
import { presentCourse } from "./present.js";
import { findCourseWithNames } from "./repo.js";

/** POST {area}/courses/{id}/copy: next term's copy, a new draft course. */
export async function courseCopyRoutes(
  app: FastifyInstance,
  { guard, allowed, tag, db, copier }: AreaRouteDeps & { db: Kysely<Database>; copier: CourseCopier },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/courses/:id/copy",
    {
      onRequest: allowOnly(guard, allowed),
      schema: {
        tags: [tag],
        security: [{ bearerAuth: [] }],
        description:
          "Copies a course the caller manages to a new draft course: its settings, picture, completion rule, " +
          "modules, lessons with their files, materials and assessments with their questions. Nothing about " +
          "people comes along (enrollments, attempts, overrides, notes, discussions, messages, sessions, " +
          "announcements, certificates, reviews). Assessment availability and due dates move by `dateOffsetDays`. " +
          "Stored files are shared by key with the original and kept while either course points at them.",
        params: courseParamsSchema,
        body: courseCopySchema,
        response: { 201: courseCopyResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { courseId, counts } = await copier.copy(currentUser(request), request.params.id, request.body);
      const course = await findCourseWithNames(db, courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      return reply.status(201).send({
        success: true as const,
        data: { course: presentCourse(course), copied: counts },
        message: COURSE_COPY_MESSAGES.copied.text,
      });
    },
  );
}
