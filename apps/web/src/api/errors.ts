import type { ErrorItem } from "@lms/contract";

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The `message` of the server's failure answer, when there was one. */
  readonly serverMessage: string | undefined;
  readonly errors: ErrorItem[];

  constructor(status: number, serverMessage: string | undefined, errors: ErrorItem[] = []) {
    super(serverMessage ?? (status === 0 ? "Network error" : `Request failed with status ${status}`));
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
  }
}

/** The server's message when it sent one, otherwise the screen's own fallback (spec §8: server messages win). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
