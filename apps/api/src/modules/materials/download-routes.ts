import { MESSAGES, signedMaterialParamsSchema, signedMediaQuerySchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forbidden } from "../../http/errors.js";
import { mediaFailures } from "../../http/failures.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import { materialDownloadPath } from "./present.js";
import { continuesDownload } from "./routes.js";
import type { MaterialService } from "./service.js";

/**
 * Material downloads through the signed, expiring `url` of each material: the link is the
 * permission (it is handed only to people who may read the course), so no bearer header is needed.
 */
export async function materialDownloadRoutes(
  app: FastifyInstance,
  { materials, storage, signer }: { materials: MaterialService; storage: Storage; signer: UrlSigner },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/materials/:materialId/download",
    {
      schema: {
        tags: ["materials"],
        params: signedMaterialParamsSchema,
        querystring: signedMediaQuerySchema,
        response: mediaFailures,
      },
    },
    async (request, reply) => {
      const { materialId } = request.params;
      const { expires, sig } = request.query;
      if (!signer.verify(materialDownloadPath(materialId), expires, sig)) throw forbidden(MESSAGES.invalidMediaLink);
      const file = await materials.downloadBySignedLink(materialId, continuesDownload(request));
      return sendStoredFile(request, reply, storage, file);
    },
  );
}
