import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { dashboardStatsRoutes } from "./dashboard-routes.js";
import { courseAnalyticsRoutes } from "./routes.js";
import { createAnalyticsService } from "./service.js";

/** Course analytics, the students' progress list and the instructor dashboard's counters (issue 10). */
export async function analyticsRoutes(
  app: FastifyInstance,
  { db, guard, now }: { db: Kysely<Database>; guard: Guard; now: () => Date },
): Promise<void> {
  await app.register(courseAnalyticsRoutes, { guard, analytics: createAnalyticsService({ db, now }) });
  await app.register(dashboardStatsRoutes, { db, guard, now });
}
