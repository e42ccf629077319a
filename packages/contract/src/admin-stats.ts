import { z } from "zod";
import { envelope } from "./common.js";

/** Length of the two windows compared by the month-over-month growth figures. */
export const GROWTH_WINDOW_DAYS = 30;

/**
 * Percent change of what was created in the last GROWTH_WINDOW_DAYS against the window before,
 * rounded to one decimal; 100 when the earlier window had none and this one has some, 0 when both are empty.
 */
export const monthlyGrowthSchema = z.object({
  users: z.number(),
  courses: z.number(),
  enrollments: z.number(),
});
export type MonthlyGrowth = z.infer<typeof monthlyGrowthSchema>;

/** The admin dashboard's System stats (spec §3), computed from the database on each request. */
export const systemStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalCourses: z.number().int(),
  totalEnrollments: z.number().int(),
  /** Live sessions: stored status 'live'. */
  activeSessions: z.number().int(),
  /** Sum of the recorded sizes of stored lesson files, materials and recordings, in GB (1024³ bytes), 3 decimals. */
  totalStorage: z.number(),
  /** The same sum in bytes. */
  totalStorageBytes: z.number().int(),
  /** 0-100: the score of the health checks (see systemHealthSchema), at most 30 s old. */
  systemHealth: z.number().int(),
  monthlyGrowth: monthlyGrowthSchema,
});
export type SystemStats = z.infer<typeof systemStatsSchema>;
export const systemStatsResponseSchema = envelope(systemStatsSchema);

export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
