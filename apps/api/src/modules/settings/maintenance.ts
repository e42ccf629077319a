import { SETTINGS_MESSAGES } from "@lms/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerToken, type Guard } from "../../auth/guard.js";
import { failureBody } from "../../http/error-handler.js";
import { isAdmin } from "../../policies/index.js";
import type { SettingsReader } from "./reader.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers during maintenance too: health, signing in and out, password reset, public settings. */
    openDuringMaintenance?: boolean;
  }
}

/** Whether the request carries the token of an active admin; a bad token is simply not one. */
async function isAdminRequest(guard: Guard, app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!bearerToken(request)) return false;
  try {
    await guard.authenticate.call(app, request, reply);
  } catch {
    return false;
  }
  return request.currentUser !== null && isAdmin(request.currentUser);
}

/**
 * While `maintenanceMode` is on, every api request of anyone but an admin or super admin answers
 * 503 with a message that says so, before its body is read; routes marked `openDuringMaintenance`
 * stay open so admins can sign in and turn it off.
 */
export function registerMaintenanceGate(app: FastifyInstance, deps: { guard: Guard; settings: SettingsReader }) {
  app.addHook("onRequest", async function (request, reply) {
    if (request.routeOptions.config?.openDuringMaintenance) return;
    if (!(await deps.settings.current()).maintenanceMode) return;
    if (await isAdminRequest(deps.guard, this, request, reply)) return;
    return reply.status(503).header("cache-control", "no-store").send(failureBody(SETTINGS_MESSAGES.maintenance));
  });
}
