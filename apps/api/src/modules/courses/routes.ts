import {
  courseDetailResponseSchema,
  courseListQuerySchema,
  courseListResponseSchema,
  courseParamsSchema,
  errorResponseSchema,
  publicCourseResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly, optionalUser, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures, pagination } from "../../http/failures.js";
import type { PublicCache } from "../../http/public-cache.js";
import { sendJson } from "../../http/send-json.js";
import { canUseInstructorArea } from "../../policies/index.js";
import type { ViewLog } from "../activities/view-log.js";
import { registerCourseAuthoring } from "./authoring-routes.js";
import { catalogueBody } from "./catalogue-body.js";
import type { CourseReader } from "./reader.js";
import { listPublishedCourses } from "./repo.js";
import type { CourseService } from "./service.js";
import { courseTags } from "./snapshots.js";

interface CourseRouteDeps {
  db: Kysely<Database>;
  publicCache: PublicCache;
  guard: Guard;
  courses: CourseService;
  reader: CourseReader;
  viewLog: ViewLog;
}

const secured = { security: [{ bearerAuth: [] }] };

/** The catalogue, a course's public info and full detail, and course authoring (spec §7 "Courses and learner"). */
export async function courseRoutes(app: FastifyInstance, deps: CourseRouteDeps): Promise<void> {
  const { db, publicCache, guard, courses, reader, viewLog } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authors = allowOnly(guard, canUseInstructorArea);

  r.get(
    "/courses",
    {
      schema: {
        tags: ["courses"],
        querystring: courseListQuerySchema,
        response: { 200: courseListResponseSchema, 400: errorResponseSchema },
      },
    },
    (request, reply) =>
      publicCache.serveSerialized(request, reply, async () => {
        const query = request.query;
        const { summaries, total, capped } = await listPublishedCourses(db, query);
        return catalogueBody(summaries, { ...pagination(query, total), capped });
      }),
  );

  r.get(
    "/courses/:id",
    {
      onRequest: optionalUser(guard),
      schema: {
        tags: ["courses"],
        params: courseParamsSchema,
        response: { 200: publicCourseResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const load = async () => ({
        success: true as const,
        data: { course: await reader.publicInfo(request.currentUser, request.params.id) },
      });
      // Anonymous callers all get the same answer; a signed-in one learns whether they are enrolled.
      if (request.currentUser) return load();
      return publicCache.serve(request, reply, publicCourseResponseSchema, load, courseTags(request.params.id));
    },
  );

  r.get(
    "/courses/:id/detail",
    {
      onRequest: signedIn(guard),
      schema: {
        tags: ["courses"],
        ...secured,
        params: courseParamsSchema,
        response: { 200: courseDetailResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const answer = await reader.detailAnswer(actor, request.params.id);
      viewLog.add({
        userId: actor.id,
        type: "course_view",
        title: "Viewed the course",
        courseId: request.params.id,
      });
      return sendJson(reply, answer);
    },
  );

  registerCourseAuthoring(app, { onRequest: authors, tags: ["courses"], courses });
}
