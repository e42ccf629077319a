import type { PerformancePoint } from "@lms/contract";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Minutes held: the last 24 hours. */
const SLOTS = 24 * 60;
// Response-time histogram: bucket i holds times up to FIRST_BOUND_MS * GROWTH^i (the last one, anything longer).
const FIRST_BOUND_MS = 0.1;
const GROWTH = 1.2;
const BINS = 80;
const LOG_GROWTH = Math.log(GROWTH);
const bound = (bin: number) => Math.round(FIRST_BOUND_MS * GROWTH ** bin * 10) / 10;

export interface MeasuredWindow {
  since: Date | null;
  requests: number;
  errors: number;
  p95LatencyMs: number | null;
}

/**
 * Per-minute request counts, 5xx counts and response-time histograms of this process, in a ring of
 * the last 24 hours held in memory. Recording is a few array writes; nothing is allocated per request.
 */
export function createRequestMetrics(now: () => Date) {
  const minuteOf = new Float64Array(SLOTS).fill(-1);
  const requests = new Uint32Array(SLOTS);
  const errors = new Uint32Array(SLOTS);
  const histogram = new Uint32Array(SLOTS * BINS);

  function slotFor(minute: number): number {
    const slot = minute % SLOTS;
    if (minuteOf[slot] !== minute) {
      minuteOf[slot] = minute;
      requests[slot] = 0;
      errors[slot] = 0;
      histogram.fill(0, slot * BINS, slot * BINS + BINS);
    }
    return slot;
  }

  /** Adds the slots of minutes [from, to) held in the ring to one total and histogram. */
  function sum(fromMinute: number, toMinute: number) {
    const bins = new Float64Array(BINS);
    let total = 0;
    let failed = 0;
    let oldest: number | null = null;
    for (let slot = 0; slot < SLOTS; slot++) {
      const minute = minuteOf[slot];
      if (minute < fromMinute || minute >= toMinute || requests[slot] === 0) continue;
      oldest = oldest === null ? minute : Math.min(oldest, minute);
      total += requests[slot];
      failed += errors[slot];
      for (let bin = 0; bin < BINS; bin++) bins[bin] += histogram[slot * BINS + bin];
    }
    return { total, failed, bins, oldest };
  }

  function p95(bins: Float64Array, total: number): number | null {
    if (total === 0) return null;
    const rank = Math.ceil(total * 0.95);
    let seen = 0;
    for (let bin = 0; bin < BINS; bin++) {
      seen += bins[bin];
      if (seen >= rank) return bound(bin);
    }
    return bound(BINS - 1);
  }

  return {
    record(durationMs: number, statusCode: number): void {
      const slot = slotFor(Math.floor(now().getTime() / MINUTE_MS));
      requests[slot]++;
      if (statusCode >= 500) errors[slot]++;
      const bin = durationMs <= FIRST_BOUND_MS ? 0 : Math.ceil(Math.log(durationMs / FIRST_BOUND_MS) / LOG_GROWTH);
      histogram[slot * BINS + Math.min(bin, BINS - 1)]++;
    },

    /** What was measured from `from` until now, limited to the minutes still held. */
    window(from: Date): MeasuredWindow {
      const nowMinute = Math.floor(now().getTime() / MINUTE_MS);
      const fromMinute = Math.max(Math.floor(from.getTime() / MINUTE_MS), nowMinute - SLOTS + 1);
      const { total, failed, bins, oldest } = sum(fromMinute, nowMinute + 1);
      return {
        since: oldest === null ? null : new Date(oldest * MINUTE_MS),
        requests: total,
        errors: failed,
        p95LatencyMs: p95(bins, total),
      };
    },

    /** Hourly buckets of the last 24 hours, oldest first; the last is the current hour. */
    hourly(): PerformancePoint[] {
      const currentHour = Math.floor(now().getTime() / HOUR_MS);
      return Array.from({ length: 24 }, (_, i) => {
        const hour = currentHour - 23 + i;
        const { total, failed, bins } = sum(hour * 60, hour * 60 + 60);
        return {
          start: new Date(hour * HOUR_MS).toISOString(),
          requests: total,
          p95LatencyMs: p95(bins, total),
          errorRate: total === 0 ? 0 : failed / total,
        };
      });
    },
  };
}

export type RequestMetrics = ReturnType<typeof createRequestMetrics>;
