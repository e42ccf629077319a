import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AuthorizeParams, type LtiBrowserService, LtiRefusal } from "./browser-service.js";
import { sendAutoPost, sendDeepLinkingDone, sendErrorPage } from "./pages.js";
import type { PlatformKeys } from "./platform-keys.js";

export interface BrowserLegLimits {
  max: number;
  windowMs: number;
}

/**
 * The LTI legs a browser runs without our Bearer token (public routes, limited per address like
 * signing in): the OIDC authorization request, the deep-linking return, and the platform's JWKS.
 */
export async function ltiBrowserRoutes(
  app: FastifyInstance,
  deps: { browser: LtiBrowserService; keys: PlatformKeys; limits: BrowserLegLimits; appOrigin: string },
) {
  const { browser, keys, limits, appOrigin } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: { max: limits.max, timeWindow: limits.windowMs } };
  const tags = ["lti"];
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const authorize = async (params: AuthorizeParams, reply: FastifyReply) => {
    try {
      const { action, fields } = await browser.authorize(params);
      return sendAutoPost(reply, action, fields);
    } catch (error) {
      if (error instanceof LtiRefusal) return sendErrorPage(reply, error.reason.text);
      throw error;
    }
  };
  const authorizeSchema = {
    tags,
    description:
      "The OIDC authentication request of an LTI 1.3 launch (GET query or POST form): scope openid, response_type " +
      "id_token, response_mode form_post, prompt none, the tool's client_id and a registered redirect_uri, login_hint " +
      "(the user) and the launch's one-time lti_message_hint, an unused nonce. Answers an HTML page that posts the " +
      "id_token and state to the redirect_uri; a refused request is an HTML page with status 400.",
  };
  r.get("/lti/authorize", { config, schema: authorizeSchema }, (request, reply) =>
    authorize(request.query as AuthorizeParams, reply),
  );
  r.post("/lti/authorize", { config, schema: authorizeSchema }, (request, reply) =>
    authorize((request.body ?? {}) as AuthorizeParams, reply),
  );

  r.post(
    "/lti/deep-linking/return",
    {
      config,
      schema: {
        tags,
        description:
          "The tool's LtiDeepLinkingResponse, a form with the field JWT signed by the tool's key (aud = the issuer, " +
          "iss = its client id, an unused nonce, our unexpired data claim). Its ltiResourceLink items become lessons " +
          "of the module; other items are listed as skipped. Answers an HTML page that tells the product's window.",
      },
    },
    async (request, reply) => {
      const jwt = (request.body as { JWT?: unknown } | undefined)?.JWT;
      try {
        const done = await browser.deepLinkingReturn(typeof jwt === "string" ? jwt : undefined);
        return sendDeepLinkingDone(reply, done.text, done.skipped, done.added, appOrigin);
      } catch (error) {
        if (error instanceof LtiRefusal) return sendErrorPage(reply, error.reason.text);
        throw error;
      }
    },
  );

  r.get(
    "/lti/jwks",
    {
      schema: {
        tags,
        description: "The platform's public keys (JWKS): the current one and those retired in the last 30 days.",
      },
    },
    async (_request, reply) => reply.header("cache-control", "public, max-age=300").send(await keys.jwks()),
  );
}
