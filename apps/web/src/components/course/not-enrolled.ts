import { MESSAGES } from "@lms/contract";
import { ApiError } from "@/api/errors";

/** A 403 whose message says the learner is not enrolled: the public course info is shown instead. */
export const isNotEnrolled = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === MESSAGES.notEnrolled.code;

export const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);
