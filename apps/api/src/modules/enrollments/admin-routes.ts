import {
  addStudentsResponseSchema,
  addStudentsSchema,
  courseParamsSchema,
  enrollmentCandidateListResponseSchema,
  enrollmentParamsSchema,
  MESSAGES,
  messageResponseSchema,
  studentListQuerySchema,
  studentListResponseSchema,
  usersAddedMessage,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import { presentCandidate, presentStudent } from "./present.js";
import type { EnrollmentService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/** The Batch tab (spec §2, §5): a course's students, the users to add, adding many at once, removing one. */
export async function enrollmentAdminRoutes(
  app: FastifyInstance,
  { guard, allowed, tag, enrollments, signer }: AreaRouteDeps & { enrollments: EnrollmentService; signer: UrlSigner },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];

  r.get(
    "/courses/:id/enrollments",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        querystring: studentListQuerySchema,
        response: { 200: studentListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await enrollments.listStudents(currentUser(request), request.params.id, request.query);
      return {
        success: true as const,
        data: {
          students: rows.map((row) => presentStudent(row, signer)),
          pagination: pagination(request.query, total),
        },
      };
    },
  );

  r.get(
    "/courses/:id/enrollment-candidates",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Users not enrolled in the course, newest first; `search` matches name or e-mail.",
        params: courseParamsSchema,
        querystring: studentListQuerySchema,
        response: { 200: enrollmentCandidateListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { rows, total } = await enrollments.listCandidates(currentUser(request), request.params.id, request.query);
      return {
        success: true as const,
        data: { users: rows.map((row) => presentCandidate(row, signer)), pagination: pagination(request.query, total) },
      };
    },
  );

  r.post(
    "/courses/:id/enrollments",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: courseParamsSchema,
        body: addStudentsSchema,
        response: { 200: addStudentsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const result = await enrollments.addStudents(currentUser(request), request.params.id, request.body.userIds);
      return { success: true as const, data: result, message: usersAddedMessage(result.added) };
    },
  );

  r.delete(
    "/courses/:id/enrollments/:userId",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: enrollmentParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await enrollments.removeStudent(currentUser(request), request.params.id, request.params.userId);
      return { success: true as const, message: MESSAGES.studentRemoved.text };
    },
  );
}
