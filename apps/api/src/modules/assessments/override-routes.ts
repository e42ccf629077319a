import {
  ASSESSMENT_MESSAGES,
  assessmentParamsSchema,
  messageResponseSchema,
  overrideInputSchema,
  overrideListResponseSchema,
  overrideParamsSchema,
  overrideResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import type { OverrideService } from "./overrides.js";
import { presentOverride } from "./present.js";

const secured = { security: [{ bearerAuth: [] }] };

/** Per-learner overrides (extra time, a later due date, extra attempts) of a course's assessment. */
export async function overrideRoutes(
  app: FastifyInstance,
  { guard, allowed, tag, overrides }: AreaRouteDeps & { overrides: OverrideService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag];
  const path = "/courses/:id/assessments/:assessmentId/overrides";

  r.get(
    path,
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        params: assessmentParamsSchema,
        response: { 200: overrideListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, assessmentId } = request.params;
      const rows = await overrides.list(currentUser(request), id, assessmentId);
      return { success: true as const, data: { overrides: rows.map(presentOverride) } };
    },
  );

  r.put(
    `${path}/:userId`,
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "Sets one enrolled learner's override; extra time applies to attempts started afterwards.",
        params: overrideParamsSchema,
        body: overrideInputSchema,
        response: { 200: overrideResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, assessmentId, userId } = request.params;
      const row = await overrides.put(currentUser(request), id, assessmentId, userId, request.body);
      return {
        success: true as const,
        data: { override: presentOverride(row) },
        message: ASSESSMENT_MESSAGES.overrideSaved.text,
      };
    },
  );

  r.delete(
    `${path}/:userId`,
    {
      onRequest,
      schema: { tags, ...secured, params: overrideParamsSchema, response: { 200: messageResponseSchema, ...failures } },
    },
    async (request) => {
      const { id, assessmentId, userId } = request.params;
      await overrides.remove(currentUser(request), id, assessmentId, userId);
      return { success: true as const, message: ASSESSMENT_MESSAGES.overrideDeleted.text };
    },
  );
}
