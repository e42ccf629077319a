import { orphanReportResponseSchema, orphanSweepResponseSchema, STORAGE_SWEEP_MESSAGES } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import type { Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canManageStorage } from "../../policies/index.js";
import type { StorageSweep } from "./service.js";

const secured = { tags: ["admin"], security: [{ bearerAuth: [] }] };

/** Orphaned stored files for admins (issue 20): the dry run, and removing them now. */
export async function storageSweepRoutes(app: FastifyInstance, deps: { guard: Guard; sweep: StorageSweep }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(deps.guard, canManageStorage);

  r.get(
    "/admin/storage/orphans",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "Dry run of the orphan sweep: how many stored files no row points at (older than the grace period), their total bytes and a sample of their keys. Removes nothing.",
        response: { 200: orphanReportResponseSchema, ...failures },
      },
    },
    async () => ({ success: true as const, data: await deps.sweep.report() }),
  );

  r.post(
    "/admin/storage/orphans/sweep",
    {
      onRequest,
      config: { touchesNoCachedData: true },
      schema: {
        ...secured,
        description:
          "Removes the orphaned stored files now (the daily storage.sweep job does the same) and answers how many and how many bytes.",
        response: { 200: orphanSweepResponseSchema, ...failures },
      },
    },
    async () => ({
      success: true as const,
      data: await deps.sweep.sweep(),
      message: STORAGE_SWEEP_MESSAGES.swept.text,
    }),
  );
}
