import { MESSAGES, type Role } from "@lms/contract";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { Kysely } from "kysely";
import { cacheTags, type ReadCaches } from "../cache/read-caches.js";
import type { Database } from "../db/types.js";
import { forbidden, unauthorized } from "../http/errors.js";
import { findUserById, type UserRow } from "../modules/users/repo.js";
import type { AccessTokens, VerifiedClaims } from "./access-tokens.js";
import { isAccessTokenRevoked } from "./revoked-access-tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    currentUser: UserRow | null;
    /** The verified claims of the request's access token, once `authenticate` passed. */
    accessToken: VerifiedClaims | null;
  }
}

export interface Guard {
  /** Requires a valid access token of a user who still exists and is active. */
  authenticate: preHandlerAsyncHookHandler;
  /** authenticate, then require one of the roles. */
  requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

export function createGuard(db: Kysely<Database>, tokens: AccessTokens, caches: ReadCaches): Guard {
  const users = caches.create<UserRow | undefined>(10_000);
  const signedOut = caches.create<boolean>(10_000);

  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized(MESSAGES.authRequired);
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(MESSAGES.invalidToken);
    // The user is re-read (at most a read-cache TTL old, and never older than this process's last
    // write) so a suspended or deleted account is cut off at once.
    // A signed-out token is cached like its user: logout clears the user's tag, here and (with Redis)
    // in every process, before its answer leaves.
    const userTags = [cacheTags.users, cacheTags.user(claims.sub)];
    const [user, revoked] = await Promise.all([
      users.get(claims.sub, () => findUserById(db, claims.sub), userTags),
      signedOut.get(claims.jti, () => isAccessTokenRevoked(db, claims.jti), userTags),
    ]);
    if (revoked || user?.status !== "active") throw unauthorized(MESSAGES.invalidToken);
    // A credentials change (credentials-changed.ts) ends every session signed in before it.
    if (user.sessions_valid_after && claims.issuedAt < Date.parse(user.sessions_valid_after)) {
      throw unauthorized(MESSAGES.invalidToken);
    }
    request.currentUser = user;
    request.accessToken = claims;
  }

  return {
    authenticate,
    requireRole(...roles) {
      return async (request, reply) => {
        await authenticate(request, reply);
        if (!roles.includes(request.currentUser?.role as Role)) throw forbidden(MESSAGES.forbidden);
      };
    },
  };
}

/** The signed-in user of a request that went through `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized(MESSAGES.authRequired);
  return request.currentUser;
}

/** The verified access token of a request that went through `authenticate`. */
export function accessToken(request: FastifyRequest): VerifiedClaims {
  if (!request.accessToken) throw unauthorized(MESSAGES.authRequired);
  return request.accessToken;
}
