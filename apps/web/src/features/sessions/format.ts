import type { SessionType } from "@lms/contract";

const dateTime = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});
const dateOnly = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/** A session's start on the viewer's own clock, with the zone named. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
export const formatTime = (iso: string): string => timeOnly.format(new Date(iso));

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
