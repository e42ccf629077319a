import {
  ltiKeyRotateResponseSchema,
  ltiToolInputSchema,
  ltiToolParamsSchema,
  ltiToolResponseSchema,
  ltiToolsResponseSchema,
  LTI_MESSAGES as M,
  messageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canManageLtiTools } from "../../policies/lti.js";
import type { LtiAdminService } from "./admin-service.js";
import { type PlatformEndpoints, presentTool } from "./present.js";

/** Registering LTI 1.3 tools and rotating the platform's key (issue 25): admins and super admins. */
export async function ltiAdminRoutes(
  app: FastifyInstance,
  deps: { guard: Guard; admin: LtiAdminService; platform: PlatformEndpoints },
) {
  const { guard, admin, platform } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canManageLtiTools);
  const common = { tags: ["lti"], security: [{ bearerAuth: [] }] };

  r.get(
    "/admin/lti/tools",
    {
      onRequest,
      schema: {
        ...common,
        description: "The registered tools, and the platform's endpoints a tool's developer enters.",
        response: { 200: ltiToolsResponseSchema, ...failures },
      },
    },
    async () => ({
      success: true as const,
      data: { tools: (await admin.list()).map(presentTool), platform },
    }),
  );

  r.post(
    "/admin/lti/tools",
    {
      onRequest,
      schema: {
        ...common,
        description:
          "Registers a tool; the platform generates its client_id (and one deployment id when none is given). " +
          "Exactly one of jwksUrl and publicKey (an RSA public key as PEM or JWK).",
        body: ltiToolInputSchema,
        response: { 201: ltiToolResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const row = await admin.create(currentUser(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: M.toolCreated.text, data: { tool: presentTool(row) } });
    },
  );

  r.put(
    "/admin/lti/tools/:toolId",
    {
      onRequest,
      schema: {
        ...common,
        description: "Changes a tool (the same body as registering; its client_id stays).",
        params: ltiToolParamsSchema,
        body: ltiToolInputSchema,
        response: { 200: ltiToolResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await admin.update(currentUser(request), request.params.toolId, request.body);
      return { success: true as const, message: M.toolUpdated.text, data: { tool: presentTool(row) } };
    },
  );

  r.delete(
    "/admin/lti/tools/:toolId",
    {
      onRequest,
      schema: {
        ...common,
        description: "Deletes a tool; 409 while lessons (links) or grade columns (line items) of courses use it.",
        params: ltiToolParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await admin.remove(currentUser(request), request.params.toolId);
      return { success: true as const, message: M.toolDeleted.text };
    },
  );

  r.post(
    "/admin/lti/keys/rotate",
    {
      onRequest,
      schema: {
        ...common,
        description:
          "Makes a new platform key that signs launches from now on; the retired key stays in the JWKS for 30 days.",
        response: { 200: ltiKeyRotateResponseSchema, ...failures },
      },
    },
    async () => ({ success: true as const, message: M.keyRotated.text, data: { kid: await admin.rotateKey() } }),
  );
}
