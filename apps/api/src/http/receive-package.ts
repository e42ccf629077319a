import { type CataloguedMessage, fileTooLargeMessage, MESSAGES } from "@lms/contract";
import type { FastifyRequest } from "fastify";
import { safeFileName } from "../storage/file-types.js";
import { AppError, badRequest, fieldError } from "./errors.js";

export interface PackageUploadOptions {
  maxMegabytes: number;
  /** The name given to a file sent without one. */
  fallbackName: string;
  /** The 400 when no file (or an empty one) came in the `file` field. */
  fileRequired: CataloguedMessage;
}

/**
 * A package to read whole (a QTI or Common Cartridge zip), from a multipart request's `file` field, in memory
 * up to `maxMegabytes` (413 past it), with the optional `title` field.
 */
export async function receivePackage(request: FastifyRequest, options: PackageUploadOptions) {
  if (!request.isMultipart()) throw new AppError(415, MESSAGES.multipartRequired);
  let file: { name: string; bytes: Buffer } | null = null;
  let title: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxMegabytes * 1024 * 1024 } })) {
      if (part.type === "field") {
        if (part.fieldname === "title") title = String(part.value).trim().slice(0, 200) || undefined;
      } else if (part.fieldname === "file" && !file) {
        file = { name: safeFileName(part.filename, options.fallbackName), bytes: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, fileTooLargeMessage(options.maxMegabytes));
    }
    throw error;
  }
  if (!file || file.bytes.length === 0) {
    throw badRequest(options.fileRequired, [fieldError("file", options.fileRequired)]);
  }
  return { ...file, title };
}
