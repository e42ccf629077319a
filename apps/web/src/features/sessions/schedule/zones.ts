import { SESSION_TIMEZONES } from "@lms/contract";
import i18next from "i18next";
import { formatSlot } from "@/lib/datetime";
import { instantOf } from "./week";

export interface ZoneOption {
  value: string;
  label: string;
}

const nameOf = (zone: string) => zone.replaceAll("_", " ");
const ownLabel = (zone: string) => i18next.t("sessions:fields.ownZone", { zone: nameOf(zone) });

/**
 * Browsers name some zones by their old IANA names (Chromium resolves Kolkata as "Asia/Calcutta"):
 * the form shows and stores the current ones.
 */
const CURRENT_NAMES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Enderbury": "Pacific/Kanton",
};

/** The current IANA name of a zone, when the browser knows it by that name too. */
export function currentZoneName(zone: string): string {
  const current = CURRENT_NAMES[zone];
  return current && isKnownZone(current) ? current : zone;
}

/** True for a zone name the browser's clocks know ("Europe/Berlin"), false for "Europe/Ber". */
export function isKnownZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone the browser knows (older browsers: none beyond the listed ones). */
const allZones = (): readonly string[] =>
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/**
 * The spec's six zones first, then the instructor's own when it is not one of them, then every
 * other IANA zone (issue 21: any zone can be chosen).
 */
export function timezoneOptions(ownZone: string, zones: readonly string[] = allZones()): ZoneOption[] {
  const own = currentZoneName(ownZone);
  const first = [...new Set<string>([...SESSION_TIMEZONES, own])];
  const rest = [...new Set(zones.map(currentZoneName))].filter((zone) => !first.includes(zone));
  return [...first, ...rest].map((zone) => ({ value: zone, label: zone === own ? ownLabel(zone) : nameOf(zone) }));
}

/**
 * "= Tue, Nov 24, 10:30 GMT+1 your time": the planned slot on the instructor's clock, or null while
 * the date or time is incomplete or the slot is already on the instructor's clock.
 */
export function yourTimeOf(date: string, time: string, timeZone: string, ownZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time) || timeZone === ownZone) return null;
  const instant = instantOf(date, time, timeZone);
  if (Number.isNaN(instant.getTime())) return null;
  return i18next.t("sessions:fields.yourTime", { slot: formatSlot(instant, ownZone) });
}
