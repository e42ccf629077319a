import type { ErrorItem } from "@lms/contract";
import i18next from "i18next";

/**
 * A catalogued server message (its `code`, e.g. "MESSAGES.courseNotFound") in the interface's
 * language; the server's English text when the message has no code or the catalogue lacks it.
 */
export function inInterfaceLanguage(code: string | undefined, english: string): string {
  if (!code || !i18next.exists(code, { ns: "messages" })) return english;
  return i18next.t(code as never, { ns: "messages" }) as string;
}

/** A field error of the server (or a row of an import report) in the interface's language, by its code. */
export const fieldMessage = (item: { msg: string; code?: string }): string => inInterfaceLanguage(item.code, item.msg);

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The `message` of the server's failure answer, when there was one (English, as the server sent it). */
  readonly serverMessage: string | undefined;
  /** The stable code of `serverMessage` when it is a catalogued message. */
  readonly code: string | undefined;
  readonly errors: ErrorItem[];
  /** The `data` of a failure answer that carries one (e.g. the server's copy with a 409). */
  readonly data: unknown;

  constructor(
    status: number,
    serverMessage: string | undefined,
    errors: ErrorItem[] = [],
    data?: unknown,
    code?: string,
  ) {
    super(serverMessage ?? (status === 0 ? "Network error" : `Request failed with status ${status}`));
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
    this.errors = errors;
    this.data = data;
  }

  /** The server's message in the interface's language (see `inInterfaceLanguage`), if it sent one. */
  get localMessage(): string | undefined {
    return this.serverMessage ? inInterfaceLanguage(this.code, this.serverMessage) : undefined;
  }
}

/** The server's message when it sent one, otherwise the screen's own fallback (spec §8: server messages win). */
export function messageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.localMessage) || fallback;
}
