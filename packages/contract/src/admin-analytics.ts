import { z } from "zod";
import { envelope } from "./common.js";

export const ANALYTICS_TIMEFRAMES = ["day", "week", "month", "year"] as const;
export type AnalyticsTimeframe = (typeof ANALYTICS_TIMEFRAMES)[number];
export const DEFAULT_ANALYTICS_TIMEFRAME: AnalyticsTimeframe = "month";
/** The selector's labels (spec §2). */
export const ANALYTICS_TIMEFRAME_LABELS: Record<AnalyticsTimeframe, string> = {
  day: "Today",
  week: "This Week",
  month: "This Month",
  year: "This Year",
};

export const analyticsQuerySchema = z.object({
  timeframe: z.enum(ANALYTICS_TIMEFRAMES).default(DEFAULT_ANALYTICS_TIMEFRAME),
});

/** One bucket of a series: its start (UTC) and what was counted in it. */
export const seriesPointSchema = z.object({ start: z.string(), value: z.number() });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** A counted series over the timeframe: hours for day, days for week and month, months for year. */
export const countedSeriesSchema = z.object({ total: z.number(), series: z.array(seriesPointSchema) });
export type CountedSeries = z.infer<typeof countedSeriesSchema>;

export const performancePointSchema = z.object({
  start: z.string(),
  requests: z.number().int(),
  p95LatencyMs: z.number().nullable(),
  errorRate: z.number(),
});
export type PerformancePoint = z.infer<typeof performancePointSchema>;

/**
 * Measured by the answering server process itself (each process reports its own), over the part of
 * the timeframe it holds: at most the last 24 hours.
 */
export const systemPerformanceSchema = z.object({
  /** Start of the measured window (the later of the timeframe's start and the oldest minute held); null before any request. */
  measuredSince: z.string().nullable(),
  requests: z.number().int(),
  errors: z.number().int(),
  /** Requests per minute over the measured window. */
  requestsPerMinute: z.number(),
  /** 95th percentile of response times, in ms (histogram bucket bound, within about 10 %); null without requests. */
  p95LatencyMs: z.number().nullable(),
  /** Share of answers with a 5xx status, 0 to 1. */
  errorRate: z.number(),
  databaseSizeBytes: z.number().int(),
  /** Hourly buckets of the last 24 hours. */
  series: z.array(performancePointSchema),
});
export type SystemPerformance = z.infer<typeof systemPerformanceSchema>;

export const platformAnalyticsSchema = z.object({
  timeframe: z.enum(ANALYTICS_TIMEFRAMES),
  from: z.string(),
  to: z.string(),
  /** New accounts. */
  userGrowth: countedSeriesSchema,
  /** New enrollments. */
  courseEnrollments: countedSeriesSchema,
  /** Credits spent on paid enrollments. */
  revenueData: countedSeriesSchema,
  systemPerformance: systemPerformanceSchema,
});
export type PlatformAnalytics = z.infer<typeof platformAnalyticsSchema>;
export const platformAnalyticsResponseSchema = envelope(platformAnalyticsSchema);

export const HEALTH_STATES = ["ok", "degraded", "down"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
export const HEALTH_COMPONENTS = ["database", "storage", "mail", "meetings"] as const;
export type HealthComponent = (typeof HEALTH_COMPONENTS)[number];
/** Points each component gives the health score when ok; degraded gives half, down none. They add up to 100. */
export const HEALTH_WEIGHTS: Record<HealthComponent, number> = { database: 40, storage: 25, mail: 20, meetings: 15 };

export const healthCheckSchema = z.object({
  component: z.enum(HEALTH_COMPONENTS),
  status: z.enum(HEALTH_STATES),
  detail: z.string(),
  /** How long the check took. */
  durationMs: z.number(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const systemHealthSchema = z.object({
  /** ok when every check is ok, down when the database is down, degraded otherwise. */
  status: z.enum(HEALTH_STATES),
  /** 0-100: the sum of HEALTH_WEIGHTS, full for ok, half for degraded, none for down. */
  score: z.number().int(),
  checkedAt: z.string(),
  checks: z.array(healthCheckSchema),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
export const systemHealthResponseSchema = envelope(systemHealthSchema);

export function healthScore(checks: Pick<HealthCheck, "component" | "status">[]): number {
  const share = { ok: 1, degraded: 0.5, down: 0 } as const;
  return Math.round(checks.reduce((sum, check) => sum + HEALTH_WEIGHTS[check.component] * share[check.status], 0));
}

export const RECENT_ACTIVITY_LIMIT_DEFAULT = 10;
export const RECENT_ACTIVITY_LIMIT_MAX = 50;
export const recentActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_ACTIVITY_LIMIT_MAX).default(RECENT_ACTIVITY_LIMIT_DEFAULT),
});

export const recentActivitySchema = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Null when the entry has no user (a system entry); a deleted user keeps the name recorded with the entry. */
  user: z
    .object({ _id: z.string().nullable(), name: z.string(), email: z.string().nullable(), role: z.string().nullable() })
    .nullable(),
  course: z.object({ _id: z.string(), title: z.string(), courseCode: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type RecentActivity = z.infer<typeof recentActivitySchema>;
export const recentActivityResponseSchema = envelope(z.object({ activities: z.array(recentActivitySchema) }));
