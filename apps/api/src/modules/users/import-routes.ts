import {
  errorResponseSchema,
  fileTooLargeMessage,
  MESSAGES,
  USER_IMPORT_LIMITS,
  USER_IMPORT_MESSAGES,
  userExportQuerySchema,
  userImportJobParamsSchema,
  userImportJobResponseSchema,
  userImportPreviewResponseSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { csvStream, sendCsv } from "../../http/csv.js";
import { AppError, badRequest, fieldError } from "../../http/errors.js";
import { failures } from "../../http/failures.js";
import { canManageUsers } from "../../policies/index.js";
import type { UserImportService } from "./import-service.js";
import { usersInBatches } from "./repo.js";
import { userRecords } from "./users-csv.js";

const secured = { tags: ["users"], security: [{ bearerAuth: [] }] };
const uploadFailures = { ...failures, 413: errorResponseSchema, 415: errorResponseSchema };
const fileDescription =
  "multipart/form-data with the CSV in `file` (at most 10 MB, 50,000 users): a first line naming the columns " +
  "name, email (required), role, password, credits and courses (course codes separated by ; or |), in any order.";

/** The one CSV file of a multipart request, in memory (it is small: at most 10 MB). */
async function receiveCsv(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, MESSAGES.multipartRequired);
  const maxBytes = USER_IMPORT_LIMITS.maxMegabytes * 1024 * 1024;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === "file" && part.fieldname === "file") return await part.toBuffer();
      if (part.type === "file") part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, fileTooLargeMessage(USER_IMPORT_LIMITS.maxMegabytes));
    }
    throw error;
  }
  throw badRequest(USER_IMPORT_MESSAGES.fileRequired, [fieldError("file", USER_IMPORT_MESSAGES.fileRequired)]);
}

/** CSV import with a preview, its progress, and the filtered list as CSV (issue 11). */
export async function userImportRoutes(
  app: FastifyInstance,
  { db, guard, imports }: { db: Kysely<Database>; guard: Guard; imports: UserImportService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canManageUsers);
  // Best effort: a database that is down at start must not stop the server from starting.
  app.addHook("onReady", async () => {
    await imports
      .failInterrupted()
      .catch((error: unknown) => app.log.warn({ err: error }, "could not close interrupted imports"));
  });

  r.post(
    "/admin/users/import/preview",
    {
      onRequest,
      config: { touchesNoCachedData: true, multipartBody: { file: { name: "file", required: true } } },
      schema: {
        ...secured,
        description: `${fileDescription} Writes nothing; lists every problem by line (the header is line 1) and column.`,
        consumes: ["multipart/form-data"],
        response: { 200: userImportPreviewResponseSchema, ...uploadFailures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { preview: await imports.preview(currentUser(request), await receiveCsv(request)) },
    }),
  );

  r.post(
    "/admin/users/import",
    {
      onRequest,
      config: { multipartBody: { file: { name: "file", required: true } } },
      schema: {
        ...secured,
        description:
          `${fileDescription} Any problem refuses the whole file (400, each problem an error with its line). ` +
          "Otherwise answers 202 with the import, which runs in the background and writes all users or none; " +
          "users without a password get an e-mail to set one.",
        consumes: ["multipart/form-data"],
        response: { 202: userImportJobResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const job = await imports.start(currentUser(request), await receiveCsv(request));
      return reply
        .status(202)
        .send({ success: true as const, data: { job }, message: USER_IMPORT_MESSAGES.started.text });
    },
  );

  r.get(
    "/admin/users/import/:jobId",
    {
      onRequest,
      schema: {
        ...secured,
        params: userImportJobParamsSchema,
        response: { 200: userImportJobResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: { job: await imports.job(request.params.jobId) } }),
  );

  r.get(
    "/admin/users/export",
    {
      onRequest,
      schema: {
        ...secured,
        description: "The users matching the list's filters as a CSV file (text/csv), streamed; never passwords.",
        querystring: userExportQuerySchema,
        produces: ["text/csv"],
        response: failures,
      },
    },
    async (request, reply) => {
      const csv = csvStream(userRecords(usersInBatches(db, request.query)));
      return sendCsv(reply, csv, `users-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  );
}
