import type { ErrorItem } from "@lms/contract";

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The `message` of the server's failure answer, when there was one. */
  readonly serverMessage: string | undefined;
  readonly errors: ErrorItem[];
  /** The `data` of a failure answer that carries one (e.g. the server's copy with a 409). */
  readonly data: unknown;

  constructor(status: number, serverMessage: string | undefined, errors: ErrorItem[] = [], data?: unknown) {
    super(serverMessage ?? (status === 0 ? "Network error" : `Request failed with status ${status}`));
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
    this.data = data;
  }
}

/** The server's message when it sent one, otherwise the screen's own fallback (spec §8: server messages win). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
