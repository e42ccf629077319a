import type { LearningActivity, SessionDisplayStatus } from "@lms/contract";
import i18next from "i18next";

export type BadgeTone = "default" | "secondary" | "outline" | "success" | "destructive";

/** Displayed session status (spec §4): the api derives it, so every client shows the same. */
const SESSION_STATUS_TONES: Record<SessionDisplayStatus, BadgeTone> = {
  upcoming: "default",
  live: "destructive",
  ended: "secondary",
  cancelled: "outline",
};

export const sessionStatusBadge = (status: SessionDisplayStatus): { label: string; tone: BadgeTone } => ({
  label: i18next.t(`sessions:status.${status}`),
  tone: SESSION_STATUS_TONES[status],
});

const ACTIVITY_STATUS_TONES: Record<LearningActivity["status"], BadgeTone> = {
  ongoing: "destructive",
  upcoming: "default",
  completed: "success",
  missed: "outline",
};

/** Activity status (spec §4): ongoing, upcoming, completed, missed; anything else shows 'Unknown'. */
export function activityStatusBadge(status: string): { label: string; tone: BadgeTone } {
  if (!Object.hasOwn(ACTIVITY_STATUS_TONES, status)) {
    return { label: i18next.t("sessions:activityStatus.unknown"), tone: "secondary" };
  }
  const known = status as LearningActivity["status"];
  return { label: i18next.t(`sessions:activityStatus.${known}`), tone: ACTIVITY_STATUS_TONES[known] };
}
