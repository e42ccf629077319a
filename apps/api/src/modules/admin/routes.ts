import { systemStatsResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import { canViewSystemStats } from "../../policies/index.js";
import type { HealthMonitor } from "../platform/health.js";
import { systemStats } from "./service.js";

/** GET /api/admin/stats (spec §7): the admin dashboard's System stats. */
export async function adminRoutes(
  app: FastifyInstance,
  { db, guard, health, now }: { db: Kysely<Database>; guard: Guard; health: HealthMonitor; now: () => Date },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/admin/stats",
    {
      onRequest: allowOnly(guard, canViewSystemStats),
      schema: {
        tags: ["admin"],
        security: [{ bearerAuth: [] }],
        response: { 200: systemStatsResponseSchema, ...failures },
      },
    },
    async () => ({ success: true as const, data: await systemStats(db, now(), health) }),
  );
}
