import { MESSAGES, mediaParamsSchema, signedMediaQuerySchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { mediaFailures } from "../../http/failures.js";
import { showsInline } from "../../storage/inline-types.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import { findFile } from "../content/repo.js";

/**
 * Lesson files for <video>, <img> and the PDF viewer, which send no bearer header: the signed,
 * expiring url in each file object is the permission. Range requests (206) make seeking work.
 * Lesson files may be of any type: whatever a browser would not merely show is a download, so an
 * uploaded HTML page never renders on this origin.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  { db, storage, signer }: { db: Kysely<Database>; storage: Storage; signer: UrlSigner },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/media/:fileId",
    {
      schema: {
        tags: ["media"],
        params: mediaParamsSchema,
        querystring: signedMediaQuerySchema,
        response: mediaFailures,
      },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const { expires, sig, download } = request.query;
      if (!signer.verify(`/api/media/${fileId}`, expires, sig)) throw forbidden(MESSAGES.invalidMediaLink);
      const file = await findFile(db, fileId);
      if (!file) throw notFound(MESSAGES.fileNotFound);
      return sendStoredFile(request, reply, storage, {
        key: file.storage_key,
        mime: file.mime,
        name: file.name,
        download: download === "1" || !showsInline(file.mime),
      });
    },
  );
}
