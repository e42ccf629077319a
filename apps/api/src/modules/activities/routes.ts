import type { Readable } from "node:stream";
import {
  ACTIVITY_TYPE_INFO,
  activityExportQuerySchema,
  activityListQuerySchema,
  activityListResponseSchema,
  activityParamsSchema,
  activityStatsQuerySchema,
  activityStatsResponseSchema,
  activityTypesResponseSchema,
  adminActivityQuerySchema,
  messageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { sendCsv } from "../../http/csv.js";
import { failures } from "../../http/failures.js";
import { canExportActivities, canReadAllActivities } from "../../policies/activities.js";
import { ACTIVITY_MESSAGES, type ActivityService } from "./service.js";

const TYPES_ANSWER = { success: true as const, data: { types: [...ACTIVITY_TYPE_INFO] } };

/** CSV when asked by `format=csv` or an Accept header that prefers text/csv; JSON otherwise. */
const wantsCsv = (request: FastifyRequest, format: string | undefined) =>
  format === "csv" || (format !== "json" && /^\s*text\/csv/i.test(request.headers.accept ?? ""));

function sendJsonStream(reply: FastifyReply, json: Readable) {
  return reply.type("application/json; charset=utf-8").header("cache-control", "private, no-store").send(json);
}

/** Spec §7 "Activities" and the admin activity log (issue 12). */
export async function activityRoutes(
  app: FastifyInstance,
  { guard, activities }: { guard: Guard; activities: ActivityService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ["activities"], security: [{ bearerAuth: [] }] };

  r.get(
    "/activities/my-activities",
    {
      onRequest: signedIn(guard),
      schema: {
        ...common,
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await activities.mine(currentUser(request), request.query) }),
  );

  r.get(
    "/activities/stats",
    {
      onRequest: signedIn(guard),
      schema: {
        ...common,
        description:
          "Counts by type and by day (default the last 30 days): one's own; admins everyone's or one user's.",
        querystring: activityStatsQuerySchema,
        response: { 200: activityStatsResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await activities.stats(currentUser(request), request.query) }),
  );

  r.get(
    "/activities/types",
    { onRequest: signedIn(guard), schema: { ...common, response: { 200: activityTypesResponseSchema, ...failures } } },
    async () => TYPES_ANSWER,
  );

  r.get(
    "/activities/export",
    {
      onRequest: allowOnly(guard, canExportActivities),
      schema: {
        ...common,
        description:
          "Admins only. Every matching entry, streamed: JSON `{ success, data: { activities } }` (entries as in my-activities), or CSV with `format=csv` or `Accept: text/csv`.",
        querystring: activityExportQuerySchema,
        response: failures,
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      if (wantsCsv(request, request.query.format)) {
        const day = new Date().toISOString().slice(0, 10);
        return sendCsv(reply, activities.exportCsv(actor, request.query), `activities-${day}.csv`);
      }
      return sendJsonStream(reply, activities.exportJson(actor, request.query));
    },
  );

  r.delete(
    "/activities/:id",
    {
      onRequest: signedIn(guard),
      schema: {
        ...common,
        description:
          "Own entries except the audit trail (login, logout, the security events password_reset, password_changed, " +
          "email_changed, two_factor_enabled, two_factor_disabled, recovery_code_used, signed_out_everywhere, and " +
          "admin and instructor actions); admins any entry but admin actions, itself logged as an admin_action.",
        params: activityParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await activities.remove(currentUser(request), request.params.id);
      return { success: true as const, message: ACTIVITY_MESSAGES.deleted };
    },
  );

  r.get(
    "/admin/activity-logs",
    {
      onRequest: allowOnly(guard, canReadAllActivities),
      schema: {
        ...common,
        querystring: adminActivityQuerySchema,
        response: { 200: activityListResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await activities.all(currentUser(request), request.query) }),
  );
}
