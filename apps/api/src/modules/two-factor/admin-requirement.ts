import { TWO_FACTOR_MESSAGES } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import { forbidden } from "../../http/errors.js";
import { isAdmin } from "../../policies/index.js";
import type { SettingsReader } from "../settings/reader.js";
import type { TwoFactorService } from "./service.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Open to an admin who must use two-factor sign-in but has not set it up yet (their way to do so). */
    openWithoutTwoFactor?: boolean;
  }
}

/**
 * While `requireTwoFactorForAdmins` is on, an admin or super admin without two-factor sign-in gets
 * 403 with a message on every call but their profile, preferences, sign-out and the set-up itself.
 */
export function registerAdminTwoFactorGate(
  app: FastifyInstance,
  deps: { settings: SettingsReader; twoFactor: TwoFactorService },
) {
  app.addHook("preHandler", async (request) => {
    const user = request.currentUser;
    if (!user || !isAdmin(user) || request.routeOptions.config?.openWithoutTwoFactor) return;
    if (!(await deps.settings.current()).requireTwoFactorForAdmins) return;
    if (!(await deps.twoFactor.isOn(user.id))) throw forbidden(TWO_FACTOR_MESSAGES.requiredForAdmins);
  });
}
