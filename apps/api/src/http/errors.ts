import { type CataloguedMessage, type ErrorItem, isCataloguedMessage, type UserImportProblem } from "@lms/contract";

/** What a failure says: a catalogued message (its code travels with it) or text the catalogue does not hold. */
export type FailureMessage = CataloguedMessage | string;

/**
 * An error whose status and message are safe to show to the client; `code` names the catalogued
 * message it was raised with; `retryAfterSeconds` becomes Retry-After.
 */
export class AppError extends Error {
  readonly code: string | undefined;

  constructor(
    readonly statusCode: number,
    message: FailureMessage,
    readonly errors?: ErrorItem[],
    readonly retryAfterSeconds?: number,
  ) {
    super(String(message));
    this.code = codeOf(message);
  }
}

/** The code of a catalogued message; none for plain text. */
export const codeOf = (message: FailureMessage): string | undefined =>
  isCataloguedMessage(message) ? message.code : undefined;

/** One field's error, with the code of its message when it is catalogued. */
export function fieldError(path: string, message: FailureMessage): ErrorItem {
  const code = codeOf(message);
  return code ? { path, msg: String(message), code } : { path, msg: String(message) };
}

/** One problem of a user-import file (see `fieldError`). */
export function importProblem(row: number, field: string, message: FailureMessage): UserImportProblem {
  const code = codeOf(message);
  return code ? { row, field, message: String(message), code } : { row, field, message: String(message) };
}

export const badRequest = (message: FailureMessage, errors?: ErrorItem[]) => new AppError(400, message, errors);
export const unauthorized = (message: FailureMessage) => new AppError(401, message);
export const forbidden = (message: FailureMessage) => new AppError(403, message);
export const notFound = (message: FailureMessage) => new AppError(404, message);
export const conflict = (message: FailureMessage, errors?: ErrorItem[]) => new AppError(409, message, errors);
