import i18next from "i18next";
import { currentLanguage } from "@/i18n/i18n";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
const formatters = new Map<string, Intl.RelativeTimeFormat>();

function relative(): Intl.RelativeTimeFormat {
  const locale = currentLanguage();
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": the largest whole unit, in the interface's language. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= 60 && seconds >= size) return relative().format(-Math.floor(seconds / size), unit);
  }
  return i18next.t("format.justNow");
}
