import { MESSAGES, messageCode } from "@lms/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/errors.js";
import { AppError } from "./errors.js";

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface FailureBody {
  success: false;
  message: string;
  code?: string;
  errors?: { path: string; msg: string }[];
}

/**
 * Adds the stable code of a catalogued message so a client may translate it (issue 12). Field errors
 * keep `{ path, msg }`: a client finds their codes from the text (the contract's `messageCode`).
 */
function withCodes(body: FailureBody): FailureBody {
  const code = messageCode(body.message);
  return code ? { ...body, code } : body;
}

/** A failure answer's body for a message sent outside the error handler. */
export const failureBody = (message: string): FailureBody => withCodes({ success: false, message });

/** Maps Fastify's own error codes to a status and a message a client can act on. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.validationFailed],
};

/** One place that turns every thrown error into the failure shape of ARCHITECTURE §4. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: FailureBody) => reply.status(status).send(withCodes(body));

    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", error.retryAfterSeconds);
      return send(error.statusCode, { success: false, message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        msg: issue.message ?? MESSAGES.validationFailed,
      }));
      return send(400, { success: false, message: errors[0]?.msg ?? MESSAGES.validationFailed, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return send(500, { success: false, message: MESSAGES.internalError });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return send(known[0], { success: false, message: known[1] });
    if (error.statusCode === 429) return send(429, { success: false, message: MESSAGES.tooManyRequests });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, { success: false, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, "database unavailable");
      reply.header("retry-after", DATABASE_RETRY_AFTER_SECONDS);
      return send(503, { success: false, message: MESSAGES.databaseUnavailable });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(500, { success: false, message: MESSAGES.internalError });
  });
}
