import {
  JOB_MESSAGES,
  jobListQuerySchema,
  jobListResponseSchema,
  jobParamsSchema,
  jobResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import type { Outbox } from "../../outbox/outbox.js";
import { canManageJobs } from "../../policies/index.js";
import { createJobAdminService } from "./service.js";

const secured = { tags: ["admin"], security: [{ bearerAuth: [] }] };

/** The background job queue for admins (issue 13): what is pending, running, done or failed; retry a failed one. */
export async function jobAdminRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; guard: Guard; outbox: Outbox; now: () => Date },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(deps.guard, canManageJobs);
  const jobs = createJobAdminService(deps);

  r.get(
    "/admin/jobs",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "Background jobs, most recently changed first, optionally of one status. Payloads are never shown.",
        querystring: jobListQuerySchema,
        response: { 200: jobListResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await jobs.list(request.query) }),
  );

  r.post(
    "/admin/jobs/:id/retry",
    {
      onRequest,
      config: { touchesNoCachedData: true },
      schema: {
        ...secured,
        description: "Puts a failed job back in the queue with a fresh count of attempts. 409 unless it has failed.",
        params: jobParamsSchema,
        response: { 200: jobResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { job: await jobs.retry(request.params.id) },
      message: JOB_MESSAGES.retried.text,
    }),
  );
}
