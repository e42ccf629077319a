import type { SessionType } from "@lms/contract";
import i18next from "i18next";

/** Recording lengths as minutes:seconds (spec §9), e.g. 75 → "1:15". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export const sessionTypeLabel = (type: SessionType): string => i18next.t(`sessions:types.${type}`);
