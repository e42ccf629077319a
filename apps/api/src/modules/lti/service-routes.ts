import { errorResponseSchema, LTI_MESSAGES as M, MESSAGES } from "@lms/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types.js";
import { AppError } from "../../http/errors.js";
import {
  AGS_MEDIA_TYPES,
  lineItemBodySchema,
  lineItemParamsSchema,
  lineItemQuerySchema,
  resultQuerySchema,
  scoreBodySchema,
  serviceCourseParamsSchema,
} from "./ags-schemas.js";
import type { LtiAgsService } from "./ags-service.js";
import type { BrowserLegLimits } from "./browser-routes.js";
import { AGS_SCOPES, NRPS_SCOPE } from "./claims.js";
import { courseMemberships } from "./nrps-service.js";
import type { LtiTokenService, TokenRequest, ToolAccess } from "./token-service.js";

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  415: errorResponseSchema,
};
const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number(),
  scope: z.string(),
});
/** The house error body with OAuth 2.0's error fields (RFC 6749 §5.2), which tools' OAuth clients read. */
const tokenErrorSchema = errorResponseSchema.extend({
  error: z.enum(["invalid_request", "invalid_client", "unsupported_grant_type"]),
  error_description: z.string(),
});
const oauthErrorOf = (failure: AppError) =>
  failure.code === M.unsupportedGrantType.code
    ? ("unsupported_grant_type" as const)
    : failure.statusCode === 401
      ? ("invalid_client" as const)
      : ("invalid_request" as const);
/** IMS wire formats, described by the IMS specifications rather than here. */
const json = z.unknown();
const answered = { 200: json, ...refusals };
const created = { 201: json, ...refusals };
const noContent = { 204: z.null(), ...refusals };
const secured = { security: [{ bearerAuth: [] }] };
const READ_LINE_ITEMS = [AGS_SCOPES.lineItem, AGS_SCOPES.lineItemReadOnly];

/**
 * The services tools call (LTI Advantage): the OAuth2 token endpoint, Assignment and Grade Services
 * and Names and Role Provisioning Services. Public routes in the sense of our sign-in: each checks
 * the tool's own credential (a signed client assertion, then the access token it was given).
 */
export async function ltiServiceRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; tokens: LtiTokenService; ags: LtiAgsService; issuer: string; limits: BrowserLegLimits },
) {
  const { db, tokens, ags, issuer, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["lti"];
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser(/^application\/vnd\.ims\.[\w.+-]+$/, { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new AppError(400, MESSAGES.invalidJson), undefined);
    }
  });

  /**
   * Checks the tool's access token, holding one of `scopes`, on request: before the body is read or
   * validated, as the signed-in routes check theirs.
   */
  const accessOf = new WeakMap<FastifyRequest, ToolAccess>();
  const needs = (scopes: readonly string[]) => async (request: FastifyRequest) => {
    accessOf.set(request, await tokens.access(request.headers.authorization, scopes));
  };

  /** The calling tool, in a course it reaches. */
  async function toolIn(request: FastifyRequest, courseId: string) {
    const access = accessOf.get(request);
    if (!access) throw new AppError(401, M.invalidToken);
    await tokens.reachCourse(access, courseId);
    return access.tool;
  }

  r.post(
    "/lti/token",
    {
      config: { rateLimit: { max: limits.max, timeWindow: limits.windowMs } },
      schema: {
        tags,
        description:
          "OAuth2 client credentials for tools (form or JSON): grant_type=client_credentials, client_assertion_type " +
          "urn:ietf:params:oauth:client-assertion-type:jwt-bearer, a client_assertion JWT signed by the tool's key " +
          "(iss = sub = client id, aud = this URL, unused jti, exp) and the scopes asked; the token (1 hour) holds " +
          "those the admin granted.",
        response: { 200: tokenResponseSchema, 400: tokenErrorSchema, 401: tokenErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        return await tokens.issue((request.body ?? {}) as TokenRequest);
      } catch (failure) {
        if (!(failure instanceof AppError)) throw failure;
        return reply.code(failure.statusCode as 400 | 401).send({
          success: false as const,
          message: failure.message,
          code: failure.code,
          error: oauthErrorOf(failure),
          error_description: failure.message,
        });
      }
    },
  );

  r.get(
    "/lti/courses/:courseId/line-items",
    {
      onRequest: needs(READ_LINE_ITEMS),
      schema: {
        tags,
        ...secured,
        description: "AGS: the tool's line items in the course (scope lineitem or lineitem.readonly).",
        params: serviceCourseParamsSchema,
        querystring: lineItemQuerySchema,
        response: answered,
      },
    },
    async (request, reply) => {
      const tool = await toolIn(request, request.params.courseId);
      const items = await ags.list(tool.id, request.params.courseId, request.query);
      return reply.type(AGS_MEDIA_TYPES.lineItems).send(items);
    },
  );

  r.post(
    "/lti/courses/:courseId/line-items",
    {
      onRequest: needs([AGS_SCOPES.lineItem]),
      schema: {
        tags,
        ...secured,
        description: "AGS: adds a line item (scope lineitem); resourceLinkId must be one of the tool's links here.",
        params: serviceCourseParamsSchema,
        body: lineItemBodySchema,
        response: created,
      },
    },
    async (request, reply) => {
      const tool = await toolIn(request, request.params.courseId);
      const item = await ags.create(tool.id, request.params.courseId, request.body);
      return reply.status(201).type(AGS_MEDIA_TYPES.lineItem).send(item);
    },
  );

  r.get(
    "/lti/courses/:courseId/line-items/:lineItemId",
    {
      onRequest: needs(READ_LINE_ITEMS),
      schema: {
        tags,
        ...secured,
        description: "AGS: one of the tool's line items (scope lineitem or lineitem.readonly).",
        params: lineItemParamsSchema,
        response: answered,
      },
    },
    async (request, reply) => {
      const { courseId, lineItemId } = request.params;
      const tool = await toolIn(request, courseId);
      return reply.type(AGS_MEDIA_TYPES.lineItem).send(await ags.get(tool.id, courseId, lineItemId));
    },
  );

  r.put(
    "/lti/courses/:courseId/line-items/:lineItemId",
    {
      onRequest: needs([AGS_SCOPES.lineItem]),
      schema: {
        tags,
        ...secured,
        description: "AGS: changes one of the tool's line items (scope lineitem).",
        params: lineItemParamsSchema,
        body: lineItemBodySchema,
        response: answered,
      },
    },
    async (request, reply) => {
      const { courseId, lineItemId } = request.params;
      const tool = await toolIn(request, courseId);
      const item = await ags.update(tool.id, courseId, lineItemId, request.body);
      return reply.type(AGS_MEDIA_TYPES.lineItem).send(item);
    },
  );

  r.delete(
    "/lti/courses/:courseId/line-items/:lineItemId",
    {
      onRequest: needs([AGS_SCOPES.lineItem]),
      schema: {
        tags,
        ...secured,
        description: "AGS: deletes one of the tool's line items and its scores (scope lineitem).",
        params: lineItemParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const { courseId, lineItemId } = request.params;
      const tool = await toolIn(request, courseId);
      await ags.remove(tool.id, courseId, lineItemId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/lti/courses/:courseId/line-items/:lineItemId/scores",
    {
      onRequest: needs([AGS_SCOPES.score]),
      schema: {
        tags,
        ...secured,
        description:
          "AGS: an enrolled learner's score (scope score; content type application/vnd.ims.lis.v1.score+json). " +
          "A score whose timestamp is not newer than the stored one is refused with 409. Completed or FullyGraded " +
          "completes the link's lesson for the learner.",
        params: lineItemParamsSchema,
        body: scoreBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const { courseId, lineItemId } = request.params;
      const tool = await toolIn(request, courseId);
      if (request.headers["content-type"]?.split(";")[0].trim() !== AGS_MEDIA_TYPES.score) {
        throw new AppError(415, M.wrongContentType);
      }
      await ags.score(tool.id, courseId, lineItemId, request.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/lti/courses/:courseId/line-items/:lineItemId/results",
    {
      onRequest: needs([AGS_SCOPES.resultReadOnly]),
      schema: {
        tags,
        ...secured,
        description: "AGS: the line item's results, one per learner (scope result.readonly).",
        params: lineItemParamsSchema,
        querystring: resultQuerySchema,
        response: answered,
      },
    },
    async (request, reply) => {
      const { courseId, lineItemId } = request.params;
      const tool = await toolIn(request, courseId);
      const results = await ags.results(tool.id, courseId, lineItemId, request.query.user_id);
      return reply.type(AGS_MEDIA_TYPES.results).send(results);
    },
  );

  r.get(
    "/lti/courses/:courseId/memberships",
    {
      onRequest: needs([NRPS_SCOPE]),
      schema: {
        tags,
        ...secured,
        description:
          "NRPS 2.0: the course's members (instructor and enrolled learners) with status, name, e-mail and LIS roles " +
          "(scope contextmembership.readonly).",
        params: serviceCourseParamsSchema,
        response: answered,
      },
    },
    async (request, reply) => {
      await toolIn(request, request.params.courseId);
      const container = await courseMemberships(db, issuer, request.params.courseId);
      return reply.type(AGS_MEDIA_TYPES.memberships).send(container);
    },
  );
}
