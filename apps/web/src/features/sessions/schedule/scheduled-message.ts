import { SESSION_MESSAGES as M, MEETING_PROVIDER_LABELS, type MeetingProviderName } from "@lms/contract";

/**
 * The schedule success toast: the spec's wording for Zoom, the provider actually used otherwise,
 * and no provider for an in-person session (it has no video meeting).
 */
export function scheduledMessage(provider: MeetingProviderName | null): string {
  if (provider === null) return M.scheduled;
  if (provider === "zoom") return M.scheduleSuccessToast;
  return `Session scheduled successfully with ${MEETING_PROVIDER_LABELS[provider]} integration.`;
}
