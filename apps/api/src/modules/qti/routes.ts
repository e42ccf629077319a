import {
  assessmentParamsSchema,
  courseParamsSchema,
  QTI_LIMITS,
  QTI_MESSAGES,
  qtiImportResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures, uploadFailures } from "../../http/failures.js";
import { receivePackage } from "../../http/receive-package.js";
import { sendZip } from "../../http/send-zip.js";
import { canUseInstructorArea } from "../../policies/index.js";
import { presentAssessment } from "../assessments/present.js";
import type { ImageLink } from "../assessments/question-images.js";
import type { QtiExportService } from "./export-service.js";
import type { QtiImportService } from "./import-service.js";

const secured = { tags: ["instructor"], security: [{ bearerAuth: [] }] };

/** QTI import into a new assessment and export of an assessment (issue 24), by the course's managers. */
export async function qtiRoutes(
  app: FastifyInstance,
  deps: { guard: Guard; imports: QtiImportService; exports: QtiExportService; link: ImageLink },
): Promise<void> {
  const { guard, imports, exports, link } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canUseInstructorArea);

  r.post(
    "/instructor/courses/:id/assessments/qti",
    {
      onRequest,
      config: { multipartBody: { file: { name: "file", required: true }, fields: { title: "The new quiz's title." } } },
      schema: {
        ...secured,
        description:
          "multipart/form-data with a QTI 3.0 or 2.1 package (a zip with imsmanifest.xml, at most 20 MB) or one " +
          "item's XML in `file`, and optionally a `title`. Creates a new unpublished quiz with every item of a " +
          "supported type (points, answer key, image); the others are listed in `skipped` by identifier and type. " +
          "A package with a path leaving it, a link, more than 1000 files, more than 100 MB unpacked or a " +
          "compression ratio above 100 is refused before anything is written; bad XML names its file and line.",
        consumes: ["multipart/form-data"],
        params: courseParamsSchema,
        response: { 201: qtiImportResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const upload = await receivePackage(request, {
        maxMegabytes: QTI_LIMITS.maxMegabytes,
        fallbackName: "upload.xml",
        fileRequired: QTI_MESSAGES.fileRequired,
      });
      const result = await imports.importInto(currentUser(request), request.params.id, upload);
      return reply.status(201).send({
        success: true as const,
        data: {
          assessment: presentAssessment(result.row, { list: result.questions, link }),
          imported: result.imported,
          skipped: result.skipped,
        },
        message: QTI_MESSAGES.imported.text,
      });
    },
  );

  r.get(
    "/instructor/courses/:id/assessments/:assessmentId/qti",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "The assessment as a QTI 3.0 package (application/zip): imsmanifest.xml, assessment.xml, one item file " +
          "per question with its answer key and points, and the questions' images.",
        params: assessmentParamsSchema,
        produces: ["application/zip"],
        response: failures,
      },
    },
    async (request, reply) => {
      const { id, assessmentId } = request.params;
      const { name, stream } = await exports.exportPackage(currentUser(request), id, assessmentId);
      return sendZip(reply, stream, name);
    },
  );
}
