import {
  analyticsQuerySchema,
  platformAnalyticsResponseSchema,
  recentActivityQuerySchema,
  recentActivityResponseSchema,
  systemHealthResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import type { Guard } from "../../auth/guard.js";
import type { Dialect } from "../../db/connection.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import { canViewSystemStats } from "../../policies/index.js";
import type { HealthMonitor } from "./health.js";
import { presentRecentActivity } from "./present.js";
import { recentActivities } from "./repo.js";
import type { RequestMetrics } from "./request-metrics.js";
import { platformAnalytics } from "./service.js";

export interface PlatformRouteDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  guard: Guard;
  now: () => Date;
  metrics: RequestMetrics;
  health: HealthMonitor;
}

/** The admin dashboard's analytics, health and recent activity (issue 11; the first two are in spec §7). */
export async function platformRoutes(app: FastifyInstance, deps: PlatformRouteDeps): Promise<void> {
  const { db, guard, now } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admins = allowOnly(guard, canViewSystemStats);

  routes.get(
    "/admin/analytics",
    {
      onRequest: admins,
      schema: {
        tags: ["admin"],
        security: [{ bearerAuth: [] }],
        querystring: analyticsQuerySchema,
        response: { 200: platformAnalyticsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await platformAnalytics(deps, request.query.timeframe, now()),
    }),
  );

  routes.get(
    "/admin/health",
    {
      onRequest: admins,
      schema: {
        tags: ["admin"],
        security: [{ bearerAuth: [] }],
        response: { 200: systemHealthResponseSchema, ...failures },
      },
    },
    async () => ({ success: true as const, data: await deps.health.check() }),
  );

  routes.get(
    "/admin/activity/recent",
    {
      onRequest: admins,
      schema: {
        tags: ["admin"],
        security: [{ bearerAuth: [] }],
        querystring: recentActivityQuerySchema,
        response: { 200: recentActivityResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { activities: (await recentActivities(db, request.query.limit)).map(presentRecentActivity) },
    }),
  );
}
