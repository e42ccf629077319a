import type { SessionType } from "@lms/contract";

/** Recording lengths as minutes:seconds (spec §9), e.g. 75 → "1:15". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  "live-class": "Live class",
  "office-hours": "Office hours",
  review: "Review",
};
