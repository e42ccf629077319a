import { demoAccountsResponseSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { demoAccountsInUse } from "../../seed/demo-accounts-in-use.js";

/** GET /auth/demo-accounts: what the login page offers, empty once the demo accounts are gone or changed. */
export async function demoAccountsRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  const verified = new Map<string, boolean>();
  app.withTypeProvider<ZodTypeProvider>().get(
    "/auth/demo-accounts",
    {
      config: { openDuringMaintenance: true },
      schema: { tags: ["auth"], response: { 200: demoAccountsResponseSchema } },
    },
    async () => {
      const accounts = await demoAccountsInUse(db, verified);
      return {
        success: true as const,
        data: { accounts: accounts.map(({ role, email, password }) => ({ role, email, password })) },
      };
    },
  );
}
