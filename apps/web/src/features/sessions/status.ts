import type { LearningActivity, SessionDisplayStatus } from "@lms/contract";

export type BadgeTone = "default" | "secondary" | "outline" | "success" | "destructive";

/** Displayed session status (spec §4): the api derives it, so every client shows the same. */
export const SESSION_STATUS_BADGES: Record<SessionDisplayStatus, { label: string; tone: BadgeTone }> = {
  upcoming: { label: "Upcoming", tone: "default" },
  live: { label: "Live", tone: "destructive" },
  ended: { label: "Ended", tone: "secondary" },
  cancelled: { label: "Cancelled", tone: "outline" },
};

const ACTIVITY_STATUS_BADGES: Record<LearningActivity["status"], { label: string; tone: BadgeTone }> = {
  ongoing: { label: "Ongoing", tone: "destructive" },
  upcoming: { label: "Upcoming", tone: "default" },
  completed: { label: "Completed", tone: "success" },
  missed: { label: "Missed", tone: "outline" },
};

/** Activity status (spec §4): ongoing, upcoming, completed, missed; anything else shows 'Unknown'. */
export function activityStatusBadge(status: string): { label: string; tone: BadgeTone } {
  return Object.hasOwn(ACTIVITY_STATUS_BADGES, status)
    ? ACTIVITY_STATUS_BADGES[status as LearningActivity["status"]]
    : { label: "Unknown", tone: "secondary" };
}
