/**
 * Every date and time the interface shows is formatted here. A time always names its zone: the
 * viewer's own zone by default ("09:30 UTC", "04:30 EST"), or the zone passed in. Dates without a
 * time ("Nov 3, 2026") carry no zone. The locale is the interface's language, and times use the
 * 24-hour clock of the schedule dialog.
 */
import { currentLanguage } from "@/i18n/i18n";

type Instant = string | Date;

const STYLES = {
  date: { dateStyle: "medium" },
  day: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" },
  dateTime: {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  },
  slot: {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  },
  zone: { timeZoneName: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter is costly next to using one, and lists format many rows. */
function formatter(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = currentLanguage();
  const key = `${locale}|${style}|${timeZone ?? ""}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/** The zone the user chose in their preferences; null follows the device. */
let preferredZone: string | null = null;

/** Set by the preferences: every date and time shown without an explicit zone uses it. */
export function setPreferredTimeZone(zone: string | null): void {
  preferredZone = zone;
}

const format = (style: Style, value: Instant, timeZone?: string) =>
  formatter(style, timeZone ?? preferredZone ?? undefined).format(typeof value === "string" ? new Date(value) : value);

/** The viewer's zone: the one chosen in their preferences, else the browser's, e.g. "Europe/Berlin". */
export const viewerTimeZone = (): string => preferredZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Nov 3, 2026": a date without a time, in the viewer's zone unless `timeZone` is given. */
export const formatDate = (value: Instant, timeZone?: string): string => format("date", value, timeZone);

/** "Tue, Nov 24, 2026": a day with its weekday, no time. */
export const formatDay = (value: Instant, timeZone?: string): string => format("day", value, timeZone);

/** "09:30 UTC": a time of day with its zone. */
export const formatTime = (value: Instant, timeZone?: string): string => format("time", value, timeZone);

/** "Tue, Nov 24, 2026, 09:30 UTC": a date and time with its zone. */
export const formatDateTime = (value: Instant, timeZone?: string): string => format("dateTime", value, timeZone);

/** "Tue, Nov 24, 10:30 GMT+1": a near slot, without the year. */
export const formatSlot = (value: Instant, timeZone?: string): string => format("slot", value, timeZone);

/** The short name of `timeZone` at that instant: "UTC", "EST", "GMT+5:30". */
export function zoneAbbreviation(value: Instant, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    formatter("zone", timeZone ?? preferredZone ?? undefined)
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value ?? ""
  );
}
