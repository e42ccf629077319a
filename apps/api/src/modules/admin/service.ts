import { GROWTH_WINDOW_DAYS, growthPercent, type SystemStats } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { countLiveSessions, databaseRoundTripMs, storedBytes, windowedCount } from "./repo.js";

const DAY_MS = 24 * 3600_000;
const GB = 1024 ** 3;

/** 100 when the database answers within 200 ms, one point less for each further 20 ms, never below 50. */
export function healthFromRoundTrip(ms: number): number {
  return Math.max(50, 100 - Math.max(0, Math.floor((ms - 200) / 20)));
}

/** The spec's System stats. A database that does not answer fails the request (503) rather than scoring 0. */
export async function systemStats(db: Kysely<Database>, now: Date): Promise<SystemStats> {
  const currentFrom = new Date(now.getTime() - GROWTH_WINDOW_DAYS * DAY_MS).toISOString();
  const previousFrom = new Date(now.getTime() - 2 * GROWTH_WINDOW_DAYS * DAY_MS).toISOString();
  const roundTrip = await databaseRoundTripMs(db);
  const [users, courses, enrollments, activeSessions, bytes] = await Promise.all([
    windowedCount(db, "users", currentFrom, previousFrom),
    windowedCount(db, "courses", currentFrom, previousFrom),
    windowedCount(db, "enrollments", currentFrom, previousFrom),
    countLiveSessions(db),
    storedBytes(db),
  ]);
  const growth = (count: typeof users) => growthPercent(count.current, count.previous);
  return {
    totalUsers: users.total,
    totalCourses: courses.total,
    totalEnrollments: enrollments.total,
    activeSessions,
    totalStorage: Math.round((bytes / GB) * 1000) / 1000,
    totalStorageBytes: bytes,
    systemHealth: healthFromRoundTrip(roundTrip),
    monthlyGrowth: { users: growth(users), courses: growth(courses), enrollments: growth(enrollments) },
  };
}
