import { CC_LIMITS, CC_MESSAGES, ccImportResponseSchema, courseParamsSchema, MESSAGES } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { failures, uploadFailures } from "../../http/failures.js";
import { receivePackage } from "../../http/receive-package.js";
import { sendZip } from "../../http/send-zip.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import { presentCourse } from "../courses/present.js";
import { findCourseWithNames } from "../courses/repo.js";
import type { CcExportService } from "./export-service.js";
import type { CcImportService } from "./import-service.js";

/** Common Cartridge import into a new course and export of a course (issue 24), by course managers. */
export async function cartridgeRoutes(
  app: FastifyInstance,
  deps: AreaRouteDeps & { db: Kysely<Database>; imports: CcImportService; exports: CcExportService },
): Promise<void> {
  const { guard, allowed, tag, db, imports, exports } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const secured = { tags: [tag], security: [{ bearerAuth: [] }] };

  r.post(
    "/courses/import/cc",
    {
      onRequest,
      config: {
        multipartBody: { file: { name: "file", required: true }, fields: { title: "The new course's title." } },
      },
      schema: {
        ...secured,
        description:
          "multipart/form-data with an IMS Common Cartridge 1.1–1.3 (.imscc, at most 50 MB) in `file` and optionally " +
          "a `title` (else the manifest's lom title). Creates a new draft course owned by the caller: the " +
          "organisation's top-level items become modules, web content pages lessons (their other files lesson " +
          "files), web links link materials, unreferenced files file materials, QTI 2.1/3.0 assessments " +
          "assessments. Everything else (discussion topics, LTI links, QTI 1.2) is listed in `skipped`. A package " +
          "with a path leaving it, a link, more than 1000 files, more than 100 MB unpacked or a compression ratio " +
          "above 100 is refused before anything is written; bad XML names its file and line. The course limit applies.",
        consumes: ["multipart/form-data"],
        response: { 201: ccImportResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const upload = await receivePackage(request, {
        maxMegabytes: CC_LIMITS.maxMegabytes,
        fallbackName: "course.imscc",
        fileRequired: CC_MESSAGES.fileRequired,
      });
      const result = await imports.importCartridge(currentUser(request), upload);
      const course = await findCourseWithNames(db, result.courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      return reply.status(201).send({
        success: true as const,
        data: { course: presentCourse(course), imported: result.counts, skipped: result.skipped },
        message: CC_MESSAGES.imported.text,
      });
    },
  );

  r.get(
    "/courses/:id/export/cc",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "The course as an IMS Common Cartridge 1.3 package (application/zip, .imscc): imsmanifest.xml with the " +
          "modules and their lessons, each lesson as an HTML page with its files, link materials as web links, " +
          "file materials as web content, assessments as QTI 3.0 (resource type imsqti_xmlv3p0/imscc_xmlv1p3/assessment).",
        params: courseParamsSchema,
        produces: ["application/zip"],
        response: failures,
      },
    },
    async (request, reply) => {
      const { name, stream } = await exports.exportCourse(currentUser(request), request.params.id);
      return sendZip(reply, stream, name);
    },
  );
}
