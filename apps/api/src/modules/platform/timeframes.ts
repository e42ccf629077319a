import type { AnalyticsTimeframe } from "@lms/contract";
import type { RollupPeriod } from "./rollups.js";

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A timeframe's buckets (their UTC starts) and the rollup buckets, one per grid bucket, they are read from. */
export interface TimeframeGrid {
  period: RollupPeriod;
  starts: Date[];
  /** The rollup buckets read, inclusive. */
  fromBucket: string;
  toBucket: string;
  /** The grid bucket (its start as ISO) of a rollup bucket. */
  keyOf(bucket: string): string;
}

const SUFFIX: Record<RollupPeriod, string> = { hour: ":00:00.000Z", day: "T00:00:00.000Z", month: "-01T00:00:00.000Z" };
const LENGTH: Record<RollupPeriod, number> = { hour: 13, day: 10, month: 7 };

function grid(period: RollupPeriod, starts: Date[]): TimeframeGrid {
  const bucketOf = (date: Date) => date.toISOString().slice(0, LENGTH[period]);
  return {
    period,
    starts,
    fromBucket: bucketOf(starts[0]),
    toBucket: bucketOf(starts[starts.length - 1]),
    keyOf: (bucket) => bucket + SUFFIX[period],
  };
}

/**
 * Rolling windows ending now, in UTC: day = the last 24 hours by hour, week = the last 7 days and
 * month = the last 30 days by day (today included), year = the last 12 months by month.
 */
export function timeframeGrid(timeframe: AnalyticsTimeframe, now: Date): TimeframeGrid {
  if (timeframe === "day") {
    const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    return grid(
      "hour",
      Array.from({ length: 24 }, (_, i) => new Date(currentHour - (23 - i) * HOUR_MS)),
    );
  }
  if (timeframe === "week" || timeframe === "month") {
    const days = timeframe === "week" ? 7 : 30;
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    return grid(
      "day",
      Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS)),
    );
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return grid(
    "month",
    Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(year, month - 11 + i, 1))),
  );
}
