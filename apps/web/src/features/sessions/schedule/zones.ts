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

/** The spec's six zones, then the instructor's own when it is not one of them. */
export function timezoneOptions(ownZone: string): ZoneOption[] {
  const options = SESSION_TIMEZONES.map((zone) => ({
    value: zone,
    label: zone === ownZone ? ownLabel(zone) : nameOf(zone),
  }));
  if ((SESSION_TIMEZONES as readonly string[]).includes(ownZone)) return options;
  return [...options, { value: ownZone, label: ownLabel(ownZone) }];
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
