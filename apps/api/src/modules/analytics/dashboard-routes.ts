import { instructorDashboardStatsResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import { canUseInstructorArea, isAdmin } from "../../policies/index.js";
import { dashboardStats } from "./dashboard-stats-repo.js";

/** GET /instructor/dashboard/stats (spec §7): the dashboard's counters, for instructors (their courses) and admins (all). */
export async function dashboardStatsRoutes(
  app: FastifyInstance,
  { db, guard, now }: { db: Kysely<Database>; guard: Guard; now: () => Date },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/instructor/dashboard/stats",
    {
      onRequest: allowOnly(guard, canUseInstructorArea),
      schema: {
        tags: ["instructor"],
        security: [{ bearerAuth: [] }],
        response: { 200: instructorDashboardStatsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const stats = await dashboardStats(db, isAdmin(actor) ? null : actor.id, now().toISOString());
      return { success: true as const, data: { stats } };
    },
  );
}
