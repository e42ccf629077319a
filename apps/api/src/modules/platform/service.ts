import type { AnalyticsTimeframe, CountedSeries, PlatformAnalytics } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Dialect } from "../../db/connection.js";
import type { Database } from "../../db/types.js";
import { databaseSizeBytes, rollupRows } from "./repo.js";
import type { RequestMetrics } from "./request-metrics.js";
import type { RollupMetric } from "./rollups.js";
import { timeframeGrid } from "./timeframes.js";

const MINUTE_MS = 60_000;

/** The admin dashboard's analytics: series from the rollups, this process's own request measures, the database size. */
export async function platformAnalytics(
  deps: { db: Kysely<Database>; dialect: Dialect; metrics: RequestMetrics },
  timeframe: AnalyticsTimeframe,
  now: Date,
): Promise<PlatformAnalytics> {
  const grid = timeframeGrid(timeframe, now);
  const [rows, sizeBytes] = await Promise.all([
    rollupRows(deps.db, grid.period, grid.fromBucket, grid.toBucket),
    databaseSizeBytes(deps.db, deps.dialect),
  ]);
  const series = (metric: RollupMetric): CountedSeries => {
    const values = new Map(grid.starts.map((start) => [start.toISOString(), 0]));
    for (const row of rows) {
      if (row.metric !== metric) continue;
      const key = grid.keyOf(row.bucket);
      const value = values.get(key);
      if (value !== undefined) values.set(key, value + row.value);
    }
    const points = [...values].map(([start, value]) => ({ start, value }));
    return { total: points.reduce((sum, point) => sum + point.value, 0), series: points };
  };
  const measured = deps.metrics.window(grid.starts[0]);
  const minutes = measured.since ? Math.max(1, Math.ceil((now.getTime() - measured.since.getTime()) / MINUTE_MS)) : 0;
  return {
    timeframe,
    from: grid.starts[0].toISOString(),
    to: now.toISOString(),
    userGrowth: series("users"),
    courseEnrollments: series("enrollments"),
    revenueData: series("credits_spent"),
    systemPerformance: {
      measuredSince: measured.since?.toISOString() ?? null,
      requests: measured.requests,
      errors: measured.errors,
      requestsPerMinute: minutes === 0 ? 0 : Math.round((measured.requests / minutes) * 100) / 100,
      p95LatencyMs: measured.p95LatencyMs,
      errorRate: measured.requests === 0 ? 0 : measured.errors / measured.requests,
      databaseSizeBytes: sizeBytes,
      series: deps.metrics.hourly(),
    },
  };
}
