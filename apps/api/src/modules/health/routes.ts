import { errorResponseSchema, healthResponseSchema, MESSAGES } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { failureBody } from "../../http/error-handler.js";

export async function healthRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      config: { openDuringMaintenance: true },
      schema: { tags: ["health"], response: { 200: healthResponseSchema, 503: errorResponseSchema } },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, "health check: database unavailable");
        return reply.status(503).send(failureBody(MESSAGES.databaseUnavailable));
      }
      return { success: true as const, data: { status: "ok" as const } };
    },
  );
}
