import type { AnalyticsTimeframe } from "@lms/contract";

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" });
const LABELS: Record<AnalyticsTimeframe, Intl.DateTimeFormat> = {
  day: utc({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  week: utc({ weekday: "short", day: "numeric" }),
  month: utc({ month: "short", day: "numeric" }),
  year: utc({ month: "short", year: "2-digit" }),
};

/** A bucket's label on a chart axis, in UTC like the buckets themselves. */
export const bucketLabel = (timeframe: AnalyticsTimeframe, start: string): string =>
  LABELS[timeframe].format(new Date(start));
