import {
  courseParamsSchema,
  gradebookQuerySchema,
  gradebookResponseSchema,
  myGradesResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { sendCsv } from "../../http/csv.js";
import { failures } from "../../http/failures.js";
import { sendJson } from "../../http/send-json.js";
import { gradebookCsv } from "./csv.js";
import { createGradebookService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };
const tags = ["gradebook"];

const fileNameOf = (courseCode: string, at: Date) =>
  `gradebook-${courseCode.replace(/[^A-Za-z0-9_-]/g, "_")}-${at.toISOString().slice(0, 10)}.csv`;

/** The course gradebook (issue 10): its page, its CSV export, and the learner dashboard's grades. */
export async function gradebookRoutes(
  app: FastifyInstance,
  { db, guard, now }: { db: Kysely<Database>; guard: Guard; now: () => Date },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const gradebook = createGradebookService({ db, now });

  r.get(
    "/courses/:id/gradebook",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Managers of the course (its instructor, admins): a page of its learners in enrollment order " +
          "(`search` narrows by name or e-mail) with a cell per published assessment and the weighted grade. " +
          "An enrolled learner: only their own row. Others: 403 `not enrolled`.",
        params: courseParamsSchema,
        querystring: gradebookQuerySchema,
        response: { 200: gradebookResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      // Up to 100 rows × every assessment, most of them stored serialised: sent without a pass through the schema.
      return sendJson(
        reply,
        Buffer.from(await gradebook.pageJson(currentUser(request), request.params.id, request.query)),
      );
    },
  );

  r.get(
    "/courses/:id/gradebook.csv",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "The whole gradebook as a CSV file (text/csv), streamed: Learner, Email, one score column per " +
          "published assessment, Course grade (%), and the assessments Missing, Late and Needs grading. " +
          "Managers of the course only (403 otherwise).",
        params: courseParamsSchema,
        produces: ["text/csv"],
        response: failures,
      },
    },
    async (request, reply) => {
      const { course, assessments, batches } = await gradebook.exportOf(currentUser(request), request.params.id);
      return sendCsv(reply, gradebookCsv(assessments, batches), fileNameOf(course.course_code, now()));
    },
  );

  r.get(
    "/users/grades",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "The learner dashboard's Gradebook card: the caller's grade per course and what is due next.",
        response: { 200: myGradesResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await gradebook.mine(currentUser(request).id) }),
  );
}
