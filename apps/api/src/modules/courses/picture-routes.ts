import { courseParamsSchema, coursePictureQuerySchema, courseResponseSchema, MESSAGES } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { failures, mediaFailures, uploadFailures } from "../../http/failures.js";
import { receiveUpload } from "../../http/upload.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { Storage } from "../../storage/storage.js";
import type { AreaRouteDeps } from "./area-routes.js";
import type { CoursePictureService } from "./picture-service.js";
import { presentCourse } from "./present.js";

const secured = { security: [{ bearerAuth: [] }] };
/** A picture shown inline may only be a picture: no script, no framing by other sites. */
const PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
/** Each upload has its own versioned URL, so a day's caching never shows a replaced picture. */
const PICTURE_CACHE = "public, max-age=86400";

/** Uploading and removing a course's picture, by the course's managers, under the instructor and admin areas. */
export async function coursePictureRoutes(
  app: FastifyInstance,
  deps: AreaRouteDeps & { pictures: CoursePictureService; storage: Storage },
): Promise<void> {
  const { guard, allowed, tag, pictures, storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];

  r.put(
    "/courses/:id/picture",
    {
      onRequest,
      config: { multipartBody: { file: { name: "file", required: true } } },
      schema: {
        tags,
        ...secured,
        description:
          "multipart/form-data with the picture in `file`: PNG, JPEG, GIF or WebP judged from the content, at most " +
          "5 MB (or maxFileSize if lower). Sets the course's `thumbnail` to the uploaded picture's address.",
        consumes: ["multipart/form-data"],
        params: courseParamsSchema,
        response: { 200: courseResponseSchema, ...uploadFailures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const { file } = await receiveUpload(request, storage, await pictures.uploadOptions(actor, id));
      const course = presentCourse(await pictures.set(actor, id, file));
      return { success: true as const, data: { course }, message: MESSAGES.coursePictureUpdated.text };
    },
  );

  r.delete(
    "/courses/:id/picture",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Removes the uploaded picture; the course's `thumbnail` becomes null.",
        params: courseParamsSchema,
        response: { 200: courseResponseSchema, ...failures },
      },
    },
    async (request) => {
      const course = presentCourse(await pictures.remove(currentUser(request), request.params.id));
      return { success: true as const, data: { course }, message: MESSAGES.coursePictureRemoved.text };
    },
  );
}

/** The uploaded picture itself, for <img> on the public catalogue (no bearer header). */
export async function coursePictureFileRoute(
  app: FastifyInstance,
  { pictures, storage }: { pictures: CoursePictureService; storage: Storage },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/courses/:id/picture",
    {
      schema: {
        tags: ["courses"],
        description: "A course's uploaded picture, the address its `thumbnail` holds; 404 when it has none.",
        params: courseParamsSchema,
        querystring: coursePictureQuerySchema,
        response: mediaFailures,
      },
    },
    async (request, reply) => {
      const file = await pictures.file(request.params.id);
      reply.header("content-security-policy", PICTURE_POLICY);
      return sendStoredFile(request, reply, storage, { ...file, cacheControl: PICTURE_CACHE });
    },
  );
}
