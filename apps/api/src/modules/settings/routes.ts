import { SETTINGS_MESSAGES, systemSettingsResponseSchema, systemSettingsUpdateSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import { canManageSettings } from "../../policies/index.js";
import { getSystemSettings, saveSystemSettings } from "./repo.js";

const secured = { security: [{ bearerAuth: [] }] };

/** GET and PUT /admin/settings (spec §7): the stored system settings over their defaults. */
export async function settingsRoutes(
  app: FastifyInstance,
  { db, guard }: { db: Kysely<Database>; guard: Guard },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canManageSettings);

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
    async (request) => {
      await db.transaction().execute((trx) => saveSystemSettings(trx, request.body));
      return {
        success: true as const,
        data: { settings: await getSystemSettings(db) },
        message: SETTINGS_MESSAGES.updated,
      };
    },
  );
}
