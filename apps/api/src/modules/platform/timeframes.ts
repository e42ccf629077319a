import type { AnalyticsTimeframe } from "@lms/contract";

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A timeframe's buckets: their starts (UTC), the rollup period read, and how a rollup bucket maps to one. */
export interface TimeframeGrid {
  period: "hour" | "day";
  starts: Date[];
  /** The rollup buckets read, inclusive. */
  fromBucket: string;
  toBucket: string;
  /** The grid bucket a rollup bucket adds to (a key of `starts` as ISO). */
  keyOf(bucket: string): string;
  end: Date;
}

const isoHour = (date: Date) => date.toISOString().slice(0, 13);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Rolling windows ending now, in UTC: day = the last 24 hours by hour, week = the last 7 days and
 * month = the last 30 days by day (today included), year = the last 12 months by month.
 */
export function timeframeGrid(timeframe: AnalyticsTimeframe, now: Date): TimeframeGrid {
  const end = now;
  if (timeframe === "day") {
    const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const starts = Array.from({ length: 24 }, (_, i) => new Date(currentHour - (23 - i) * HOUR_MS));
    return {
      period: "hour",
      starts,
      fromBucket: isoHour(starts[0]),
      toBucket: isoHour(starts[23]),
      keyOf: (bucket) => new Date(`${bucket}:00:00.000Z`).toISOString(),
      end,
    };
  }
  if (timeframe === "week" || timeframe === "month") {
    const days = timeframe === "week" ? 7 : 30;
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const starts = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS));
    return {
      period: "day",
      starts,
      fromBucket: isoDay(starts[0]),
      toBucket: isoDay(starts[days - 1]),
      keyOf: (bucket) => new Date(`${bucket}T00:00:00.000Z`).toISOString(),
      end,
    };
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const starts = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(year, month - 11 + i, 1)));
  return {
    period: "day",
    starts,
    fromBucket: isoDay(starts[0]),
    toBucket: isoDay(now),
    keyOf: (bucket) => new Date(`${bucket.slice(0, 7)}-01T00:00:00.000Z`).toISOString(),
    end,
  };
}
