import { TZDate } from "@date-fns/tz";
import { addDays, format, type Locale, parseISO, startOfWeek } from "date-fns";
import { de, enUS, es, fr, hi, zhCN } from "date-fns/locale";
import { currentLanguage } from "@/i18n/i18n";
import type { Language } from "@/i18n/languages";

/** A calendar day as the date input holds it: yyyy-MM-dd, with no time zone of its own. */
export type Day = string;

const DAY_FORMAT = "yyyy-MM-dd";

const LOCALES: Record<Language, Locale> = { en: enUS, es, fr, de, hi, zh: zhCN };
/** Day and month names in the interface's language. */
const named = () => ({ locale: LOCALES[currentLanguage()] });

/** Today's date on the clocks of `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()): Day => format(new TZDate(now, timeZone), DAY_FORMAT);

export const addDaysTo = (day: Day, amount: number): Day => format(addDays(parseISO(day), amount), DAY_FORMAT);

/** The Monday of the week holding `day`. */
export const weekOf = (day: Day): Day => format(startOfWeek(parseISO(day), { weekStartsOn: 1 }), DAY_FORMAT);

export const weekDays = (monday: Day): Day[] => Array.from({ length: 7 }, (_, i) => addDaysTo(monday, i));

/** The instant at which the clocks of `timeZone` show `day` at `time` (HH:mm). */
export function instantOf(day: Day, time: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(new TZDate(year, month - 1, date, hours, minutes, timeZone).getTime());
}

/** Where an instant falls on the clocks of `timeZone`. */
export function wallClockOf(iso: string, timeZone: string): { day: Day; time: string } {
  const zoned = new TZDate(iso, timeZone);
  return { day: format(zoned, DAY_FORMAT), time: format(zoned, "HH:mm") };
}

/** "Mon 24 Nov": the day part of a slot's accessible name. */
export const dayLabel = (day: Day): string => format(parseISO(day), "EEE d MMM", named());

/** "Mon 24": a column heading of the calendar. */
export const dayHeading = (day: Day): string => format(parseISO(day), "EEE d", named());

/** "24 – 30 Nov 2026", or across months "29 Dec – 4 Jan 2027". */
export function weekLabel(monday: Day): string {
  const first = parseISO(monday);
  const last = addDays(first, 6);
  const sameMonth = first.getMonth() === last.getMonth();
  return `${format(first, sameMonth ? "d" : "d MMM", named())} – ${format(last, "d MMM yyyy", named())}`;
}
