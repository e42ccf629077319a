import type { Readable } from "node:stream";
import { xapiExportQuerySchema } from "@lms/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canExportAllStatements } from "../../policies/xapi.js";
import type { XapiService } from "./service.js";

function sendStatements(reply: FastifyReply, json: Readable, fileName: string) {
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .send(json);
}

/** xAPI statement exports (issue 25): a JSON array of xAPI 1.0.3 statements, as a file. */
export async function xapiRoutes(app: FastifyInstance, { guard, xapi }: { guard: Guard; xapi: XapiService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ["xapi"], security: [{ bearerAuth: [] }] };

  r.get(
    "/admin/xapi/statements",
    {
      onRequest: allowOnly(guard, canExportAllStatements),
      schema: {
        ...common,
        description:
          "Admins only. Everyone's xAPI 1.0.3 statements of the UTC days `from`..`to` (YYYY-MM-DD, both included), " +
          "oldest first, streamed as a JSON array in an attachment. 400 when a date is malformed or `from` is after `to`.",
        querystring: xapiExportQuerySchema,
        response: failures,
      },
    },
    async (request, reply) =>
      sendStatements(
        reply,
        xapi.range(request.query),
        `xapi-statements-${request.query.from}-to-${request.query.to}.json`,
      ),
  );

  r.get(
    "/xapi/statements/mine",
    {
      onRequest: signedIn(guard),
      schema: {
        ...common,
        description: "The caller's own xAPI 1.0.3 statements, oldest first, as a JSON array in an attachment.",
        response: failures,
      },
    },
    async (request, reply) => sendStatements(reply, xapi.mine(currentUser(request).id), "my-xapi-statements.json"),
  );
}
