import type { Readable } from "node:stream";
import {
  assessmentParamsSchema,
  courseParamsSchema,
  fileTooLargeMessage,
  MESSAGES,
  QTI_LIMITS,
  QTI_MESSAGES,
  qtiImportResponseSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { AppError, badRequest, fieldError } from "../../http/errors.js";
import { failures, uploadFailures } from "../../http/failures.js";
import { canUseInstructorArea } from "../../policies/index.js";
import { safeFileName } from "../../storage/file-types.js";
import { presentAssessment } from "../assessments/present.js";
import type { ImageLink } from "../assessments/question-images.js";
import type { QtiExportService } from "./export-service.js";
import type { QtiImportService } from "./import-service.js";

const secured = { tags: ["instructor"], security: [{ bearerAuth: [] }] };

/** The uploaded file (in memory: at most QTI_LIMITS.maxMegabytes) and the optional `title` field. */
async function receiveQti(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(415, MESSAGES.multipartRequired);
  const maxBytes = QTI_LIMITS.maxMegabytes * 1024 * 1024;
  let file: { name: string; bytes: Buffer } | null = null;
  let title: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === "field") {
        if (part.fieldname === "title") title = String(part.value).trim().slice(0, 200) || undefined;
      } else if (part.fieldname === "file" && !file) {
        const bytes = await part.toBuffer();
        file = { name: safeFileName(part.filename, "upload.xml"), bytes };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, fileTooLargeMessage(QTI_LIMITS.maxMegabytes));
    }
    throw error;
  }
  if (!file || file.bytes.length === 0) {
    throw badRequest(QTI_MESSAGES.fileRequired, [fieldError("file", QTI_MESSAGES.fileRequired)]);
  }
  return { ...file, title };
}

function sendZip(reply: FastifyReply, zip: Readable, fileName: string) {
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .send(zip);
}

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
      const upload = await receiveQti(request);
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
