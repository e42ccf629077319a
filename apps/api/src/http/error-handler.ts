import { type ErrorItem, issueMessageCode, MESSAGES } from "@lms/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/errors.js";
import { AppError, codeOf, type FailureMessage, fieldError } from "./errors.js";

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface FailureBody {
  success: false;
  message: string;
  code?: string;
  errors?: ErrorItem[];
}

/** Adds `code` when there is one: a client translates a catalogued message by its code (issue 12). */
const withCode = <T extends object>(value: T, code: string | undefined): T & { code?: string } =>
  code ? { ...value, code } : value;

/** A failure answer's body for a message sent outside the error handler. */
export const failureBody = (message: FailureMessage): FailureBody =>
  withCode({ success: false as const, message: String(message) }, codeOf(message));

/** Maps Fastify's own error codes to a status and a message a client can act on. */
const FRAMEWORK_ERRORS: Record<string, [number, FailureMessage]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.validationFailed],
};

/** One place that turns every thrown error into the failure shape of ARCHITECTURE §4. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: FailureBody) => reply.status(status).send(body);

    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", error.retryAfterSeconds);
      return send(
        error.statusCode,
        withCode({ success: false, message: error.message, errors: error.errors }, error.code),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue): ErrorItem => {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        if (!issue.message) return fieldError(path, MESSAGES.validationFailed);
        return withCode({ path, msg: issue.message }, issueMessageCode(issue.params));
      });
      const first = errors[0] ?? fieldError("", MESSAGES.validationFailed);
      return send(400, withCode({ success: false, message: first.msg, errors }, first.code));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return send(500, failureBody(MESSAGES.internalError));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return send(known[0], failureBody(known[1]));
    if (error.statusCode === 429) return send(429, failureBody(MESSAGES.tooManyRequests));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, failureBody(error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, "database unavailable");
      reply.header("retry-after", DATABASE_RETRY_AFTER_SECONDS);
      return send(503, failureBody(MESSAGES.databaseUnavailable));
    }
    request.log.error({ err: error }, "unhandled error");
    return send(500, failureBody(MESSAGES.internalError));
  });
}
