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

  /**
   * One pass over the ring: the minutes in [fromMinute, fromMinute + groups × groupMinutes) added up
   * per group of groupMinutes (totals, 5xx counts, histograms, oldest minute seen).
   */
  function collect(fromMinute: number, groups: number, groupMinutes: number) {
    const totals = new Float64Array(groups);
    const failures = new Float64Array(groups);
    const bins = new Float64Array(groups * BINS);
    let oldest: number | null = null;
    for (let slot = 0; slot < SLOTS; slot++) {
      const group = Math.floor((minuteOf[slot] - fromMinute) / groupMinutes);
      if (minuteOf[slot] < fromMinute || group >= groups || requests[slot] === 0) continue;
      oldest = oldest === null ? minuteOf[slot] : Math.min(oldest, minuteOf[slot]);
      totals[group] += requests[slot];
      failures[group] += errors[slot];
      for (let bin = 0; bin < BINS; bin++) bins[group * BINS + bin] += histogram[slot * BINS + bin];
    }
    return { totals, failures, bins, oldest };
  }

  function p95(bins: Float64Array, group: number, total: number): number | null {
    if (total === 0) return null;
    const rank = Math.ceil(total * 0.95);
    let seen = 0;
    for (let bin = 0; bin < BINS; bin++) {
      seen += bins[group * BINS + bin];
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
      const { totals, failures, bins, oldest } = collect(fromMinute, 1, nowMinute + 1 - fromMinute);
      return {
        since: oldest === null ? null : new Date(oldest * MINUTE_MS),
        requests: totals[0],
        errors: failures[0],
        p95LatencyMs: p95(bins, 0, totals[0]),
      };
    },

    /** Hourly buckets of the last 24 hours, oldest first; the last is the current hour. */
    hourly(): PerformancePoint[] {
      const firstHour = Math.floor(now().getTime() / HOUR_MS) - 23;
      const { totals, failures, bins } = collect(firstHour * 60, 24, 60);
      return Array.from({ length: 24 }, (_, i) => ({
        start: new Date((firstHour + i) * HOUR_MS).toISOString(),
        requests: totals[i],
        p95LatencyMs: p95(bins, i, totals[i]),
        errorRate: totals[i] === 0 ? 0 : failures[i] / totals[i],
      }));
    },
  };
}

export type RequestMetrics = ReturnType<typeof createRequestMetrics>;
