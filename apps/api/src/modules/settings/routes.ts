import {
  publicSettingsResponseSchema,
  SETTINGS_MESSAGES,
  systemSettingsResponseSchema,
  systemSettingsUpdateSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import type { PublicCache } from "../../http/public-cache.js";
import { canManageSettings } from "../../policies/index.js";
import type { SettingsReader } from "./reader.js";
import { getSystemSettings } from "./repo.js";
import { updateSystemSettings } from "./service.js";

const secured = { security: [{ bearerAuth: [] }] };

/**
 * GET and PUT /admin/settings (spec §7): the stored system settings over their defaults; and
 * GET /settings/public, the part every browser needs (site name, maintenance, registration, upload
 * limits), open to anyone.
 */
export async function settingsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; guard: Guard; settings: SettingsReader; publicCache: PublicCache },
): Promise<void> {
  const { db, guard } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canManageSettings);

  r.get(
    "/settings/public",
    {
      config: { openDuringMaintenance: true },
      schema: { tags: ["settings"], response: { 200: publicSettingsResponseSchema } },
    },
    (request, reply) =>
      deps.publicCache.serve(request, reply, publicSettingsResponseSchema, async () => {
        const { siteName, maintenanceMode, registrationEnabled, maxFileSize, allowedFileTypes } =
          await deps.settings.current();
        const settings = { siteName, maintenanceMode, registrationEnabled, maxFileSize, allowedFileTypes };
        return { success: true as const, data: { settings } };
      }),
  );

  r.get(
    "/admin/settings",
    {
      onRequest,
      schema: { tags: ["admin"], ...secured, response: { 200: systemSettingsResponseSchema, ...failures } },
    },
    async () => ({ success: true as const, data: { settings: await getSystemSettings(db) } }),
  );

  r.put(
    "/admin/settings",
    {
      onRequest,
      schema: {
        tags: ["admin"],
        ...secured,
        body: systemSettingsUpdateSchema,
        response: { 200: systemSettingsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { settings: await updateSystemSettings(db, currentUser(request), request.body, request.ip) },
      message: SETTINGS_MESSAGES.updated.text,
    }),
  );
}
