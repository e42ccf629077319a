import {
  courseLessonParamsSchema,
  courseParamsSchema,
  courseProgressResponseSchema,
  progressUpdateResponseSchema,
  progressUpdateSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import type { ProgressService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/** Lesson views reported by the lesson viewer, and the learner's progress in a course. */
export async function progressRoutes(
  app: FastifyInstance,
  { guard, progress }: { guard: Guard; progress: ProgressService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);

  r.post(
    "/courses/:id/lessons/:lessonId/progress",
    {
      onRequest,
      schema: {
        tags: ["progress"],
        ...secured,
        params: courseLessonParamsSchema,
        body: progressUpdateSchema,
        response: { 200: progressUpdateResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await progress.record(currentUser(request), request.params.id, request.params.lessonId, request.body),
    }),
  );

  r.get(
    "/courses/:id/progress",
    {
      onRequest,
      schema: {
        tags: ["progress"],
        ...secured,
        params: courseParamsSchema,
        response: { 200: courseProgressResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await progress.get(currentUser(request), request.params.id) }),
  );
}
