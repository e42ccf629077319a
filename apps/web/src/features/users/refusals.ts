import type { User } from "@lms/contract";
import { ApiError, fieldMessage } from "@/api/errors";

/** A refused bulk call names each refused user with the reason; other failures show the server's message. */
export function refusalText(error: unknown, known: ReadonlyMap<string, User>): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.errors.length === 0) return error.localMessage;
  return error.errors.map((item) => `${known.get(item.path)?.name ?? item.path}: ${fieldMessage(item)}`).join("; ");
}
