import type { AnalyticsInterval } from "@lms/contract";

const DAY_MS = 86_400_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first instant of the bucket holding `now`: its UTC day, or the Monday of its week. */
function bucketStart(now: Date, interval: AnalyticsInterval): number {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (interval === "day") return day;
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return day - sinceMonday * DAY_MS;
}

/** The series' first instant: `periods` buckets back, the current one included. */
export function seriesStart(now: Date, interval: AnalyticsInterval, periods: number): Date {
  const size = interval === "day" ? DAY_MS : 7 * DAY_MS;
  return new Date(bucketStart(now, interval) - (periods - 1) * size);
}

/**
 * Daily counts folded into `periods` buckets (empty ones included, so a chart has no gaps), each
 * with its new enrollments and the running total by its end.
 */
export function enrollmentSeries(
  counts: { day: string; count: number }[],
  before: number,
  start: Date,
  interval: AnalyticsInterval,
  periods: number,
) {
  const size = interval === "day" ? 1 : 7;
  const byDay = new Map(counts.map((c) => [c.day, c.count]));
  let total = before;
  return Array.from({ length: periods }, (_, i) => {
    const first = start.getTime() + i * size * DAY_MS;
    let count = 0;
    for (let d = 0; d < size; d++) count += byDay.get(dayOf(first + d * DAY_MS)) ?? 0;
    total += count;
    return { start: dayOf(first), count, total };
  });
}
