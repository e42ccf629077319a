import { LTI_MESSAGES as M } from "@lms/contract";
import { decodeJwt } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { AppError, badRequest, forbidden, unauthorized } from "../../http/errors.js";
import { grantedScopes } from "./claims.js";
import type { PlatformTokens } from "./platform-tokens.js";
import { type PlatformEndpoints, toolServices } from "./present.js";
import * as repo from "./repo.js";
import type { ToolKeys } from "./tool-keys.js";
import { useOnce } from "./used-values.js";

export const ACCESS_TOKEN_SECONDS = 60 * 60;
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

export interface TokenRequest {
  grant_type?: string;
  client_assertion_type?: string;
  client_assertion?: string;
  scope?: string;
}

/** What a tool's access token grants: the tool and its scopes. */
export interface ToolAccess {
  tool: repo.ToolRow;
  scopes: string[];
}

/**
 * OAuth2 client credentials with `private_key_jwt` (the LTI Advantage security framework): a tool
 * proves itself with a JWT signed by its registered key and gets an hour's access token for the
 * scopes it asked that the admin granted.
 */
export function createLtiTokenService(deps: {
  db: Kysely<Database>;
  tokens: PlatformTokens;
  toolKeys: ToolKeys;
  endpoints: PlatformEndpoints;
  now: () => Date;
}) {
  const { db, tokens, toolKeys, endpoints, now } = deps;

  return {
    async issue(request: TokenRequest) {
      if (request.grant_type !== "client_credentials") throw badRequest(M.unsupportedGrantType);
      if (request.client_assertion_type !== ASSERTION_TYPE || !request.client_assertion) {
        throw badRequest(M.invalidClientAssertion);
      }
      let clientId = "";
      try {
        const iss = decodeJwt(request.client_assertion).iss;
        clientId = typeof iss === "string" ? iss : "";
      } catch {
        throw unauthorized(M.invalidClientAssertion);
      }
      const tool = clientId ? await repo.findToolByClientId(db, clientId) : undefined;
      if (!tool) throw unauthorized(M.invalidClientAssertion);
      const at = now();
      const assertion = await toolKeys.verify(tool, request.client_assertion, {
        issuer: clientId,
        subject: clientId,
        audience: endpoints.tokenUrl,
        currentDate: at,
      });
      if (!assertion?.jti || !assertion.exp) throw unauthorized(M.invalidClientAssertion);
      if (!(await useOnce(db, `jti:${clientId}:${assertion.jti}`, new Date(assertion.exp * 1000), at))) {
        throw unauthorized(M.invalidClientAssertion);
      }
      const granted = grantedScopes(toolServices(tool));
      const scopes = [...new Set((request.scope ?? "").split(" ").filter((s) => granted.includes(s)))];
      const accessToken = await tokens.sign(
        "lti-access-token",
        { sub: tool.id, scope: scopes.join(" ") },
        ACCESS_TOKEN_SECONDS,
      );
      return {
        access_token: accessToken,
        token_type: "Bearer" as const,
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: scopes.join(" "),
      };
    },

    /** The tool and scopes of a Bearer access token; 401 without a valid one, 403 without `scope` (any of). */
    async access(authorization: string | undefined, anyOf: readonly string[]): Promise<ToolAccess> {
      const token = authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() : "";
      const claims = token ? await tokens.verify("lti-access-token", token) : null;
      const tool = claims?.sub ? await repo.findTool(db, claims.sub) : undefined;
      if (!claims || !tool) throw unauthorized(M.invalidToken);
      const scopes = String(claims.scope ?? "")
        .split(" ")
        .filter(Boolean);
      const granted = grantedScopes(toolServices(tool));
      // A scope the admin withdrew since the token was issued no longer opens anything.
      if (!anyOf.some((s) => scopes.includes(s) && granted.includes(s))) throw forbidden(M.scopeMissing);
      return { tool, scopes };
    },

    async reachCourse(access: ToolAccess, courseId: string): Promise<void> {
      if (!(await repo.toolReachesCourse(db, access.tool.id, courseId))) throw new AppError(403, M.courseNotReachable);
    },
  };
}
export type LtiTokenService = ReturnType<typeof createLtiTokenService>;
