import { GROWTH_WINDOW_DAYS, growthPercent, type SystemStats } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { HealthMonitor } from "../platform/health.js";
import { countLiveSessions, storedBytes, tableTotals, windowedCount } from "./repo.js";

const DAY_MS = 24 * 3600_000;
const GB = 1024 ** 3;

/**
 * The spec's System stats; systemHealth is the health checks' score (GET /api/admin/health). A
 * database that does not answer fails the request (503) rather than scoring 0.
 */
export async function systemStats(db: Kysely<Database>, now: Date, health: HealthMonitor): Promise<SystemStats> {
  const currentFrom = new Date(now.getTime() - GROWTH_WINDOW_DAYS * DAY_MS).toISOString();
  const previousFrom = new Date(now.getTime() - 2 * GROWTH_WINDOW_DAYS * DAY_MS).toISOString();
  const [totals, users, courses, enrollments, activeSessions, bytes, systemHealth] = await Promise.all([
    tableTotals(db),
    windowedCount(db, "users", currentFrom, previousFrom),
    windowedCount(db, "courses", currentFrom, previousFrom),
    windowedCount(db, "enrollments", currentFrom, previousFrom),
    countLiveSessions(db),
    storedBytes(db),
    health.score(),
  ]);
  const growth = (count: typeof users) => growthPercent(count.current, count.previous);
  return {
    totalUsers: totals.users,
    totalCourses: totals.courses,
    totalEnrollments: totals.enrollments,
    activeSessions,
    totalStorage: Math.round((bytes / GB) * 1000) / 1000,
    totalStorageBytes: bytes,
    systemHealth,
    monthlyGrowth: { users: growth(users), courses: growth(courses), enrollments: growth(enrollments) },
  };
}
