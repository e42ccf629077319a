import type { ErrorItem } from "@lms/contract";

/** An error whose status and message are safe to show to the client; `retryAfterSeconds` becomes Retry-After. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ErrorItem[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: ErrorItem[]) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, errors?: ErrorItem[]) => new AppError(409, message, errors);
