import type { AnalyticsTimeframe } from "@lms/contract";
import { currentLanguage } from "@/i18n/i18n";

const STYLES: Record<AnalyticsTimeframe, Intl.DateTimeFormatOptions> = {
  day: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  week: { weekday: "short", day: "numeric" },
  month: { month: "short", day: "numeric" },
  year: { month: "short", year: "2-digit" },
};
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeframe: AnalyticsTimeframe): Intl.DateTimeFormat {
  const locale = currentLanguage();
  const key = `${locale}|${timeframe}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...STYLES[timeframe], timeZone: "UTC" });
    formatters.set(key, cached);
  }
  return cached;
}

/** A bucket's label on a chart axis, in UTC like the buckets themselves. */
export const bucketLabel = (timeframe: AnalyticsTimeframe, start: string): string =>
  formatter(timeframe).format(new Date(start));
