import {
  courseLessonParamsSchema,
  courseNotesResponseSchema,
  courseParamsSchema,
  lessonNoteConflictResponseSchema,
  lessonNoteResponseSchema,
  lessonNoteUpdateSchema,
  NOTE_MESSAGES,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import type { NotesService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/** The caller's own lesson notes: there is no route that names another user. */
export async function notesRoutes(
  app: FastifyInstance,
  { guard, notes }: { guard: Guard; notes: NotesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);

  r.get(
    "/courses/:id/lessons/:lessonId/notes",
    {
      onRequest,
      schema: {
        tags: ["notes"],
        summary: "The caller's note on a lesson (empty content and updatedAt null when there is none)",
        ...secured,
        params: courseLessonParamsSchema,
        response: { 200: lessonNoteResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { note: await notes.get(currentUser(request), request.params.id, request.params.lessonId) },
    }),
  );

  r.put(
    "/courses/:id/lessons/:lessonId/notes",
    {
      onRequest,
      config: { touchesNoCachedData: true },
      schema: {
        tags: ["notes"],
        summary: "Saves the caller's note if the server copy is still at baseUpdatedAt; empty content deletes it",
        description:
          "409 when the note changed since baseUpdatedAt (another device saved): the answer carries the current copy.",
        ...secured,
        params: courseLessonParamsSchema,
        body: lessonNoteUpdateSchema,
        response: { 200: lessonNoteResponseSchema, ...failures, 409: lessonNoteConflictResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await notes.save(currentUser(request), request.params.id, request.params.lessonId, request.body);
      if ("conflict" in result) {
        return reply
          .code(409)
          .send({ success: false as const, message: NOTE_MESSAGES.conflict.text, data: { note: result.conflict } });
      }
      return { success: true as const, data: { note: result.saved } };
    },
  );

  r.get(
    "/courses/:id/notes",
    {
      onRequest,
      schema: {
        tags: ["notes"],
        summary: "All the caller's notes of a course, in course order",
        ...secured,
        params: courseParamsSchema,
        response: { 200: courseNotesResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { notes: await notes.list(currentUser(request), request.params.id) },
    }),
  );
}
