import { PREFERENCE_MESSAGES, preferencesResponseSchema, preferencesSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import { savedPreferences, savePreferences } from "./repo.js";

const secured = { tags: ["profile"], security: [{ bearerAuth: [] }] };

/** One's own preferences (spec §3 Personal preferences), saved to the account (issue 12). */
export async function preferencesRoutes(app: FastifyInstance, { db, guard }: { db: Kysely<Database>; guard: Guard }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);

  r.get(
    "/users/me/preferences",
    {
      onRequest,
      config: { openWithoutTwoFactor: true },
      schema: { ...secured, response: { 200: preferencesResponseSchema, ...failures } },
    },
    async (request) => ({ success: true as const, data: await savedPreferences(db, currentUser(request).id) }),
  );

  r.put(
    "/users/me/preferences",
    {
      onRequest,
      config: { touchesNoCachedData: true, openWithoutTwoFactor: true },
      schema: {
        ...secured,
        description: "Replaces all of one's preferences (send the whole object).",
        body: preferencesSchema,
        response: { 200: preferencesResponseSchema, ...failures },
      },
    },
    async (request) => {
      const updatedAt = await savePreferences(db, currentUser(request).id, request.body);
      return {
        success: true as const,
        data: { preferences: request.body, updatedAt },
        message: PREFERENCE_MESSAGES.saved.text,
      };
    },
  );
}
