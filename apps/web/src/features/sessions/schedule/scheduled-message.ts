import { MEETING_PROVIDER_LABELS, type MeetingProviderName } from "@lms/contract";
import i18next from "i18next";

/**
 * The schedule success toast: the spec's wording for Zoom, the provider actually used otherwise,
 * and no provider for an in-person session (it has no video meeting).
 */
export function scheduledMessage(provider: MeetingProviderName | null): string {
  if (provider === null) return i18next.t("messages:SESSION_MESSAGES.scheduled");
  if (provider === "zoom") return i18next.t("messages:SESSION_MESSAGES.scheduleSuccessToast");
  return i18next.t("sessions:schedule.scheduledWith", { provider: MEETING_PROVIDER_LABELS[provider] });
}
