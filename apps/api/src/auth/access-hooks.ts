import { type CataloguedMessage, MESSAGES } from "@lms/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden } from "../http/errors.js";
import type { Actor } from "../policies/index.js";
import { bearerToken, currentUser, type Guard } from "./guard.js";

/**
 * Hooks that run on request, before the body is read or validated: anonymous callers get 401
 * and signed-in callers the policy does not admit get 403, whatever they sent.
 */
export function signedIn(guard: Guard) {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await guard.authenticate.call(this, request, reply);
  };
}

/** Signed in, and admitted by a policy (e.g. `canUseInstructorArea`, `isAdmin`); `refusal` says why not. */
export function allowOnly(
  guard: Guard,
  allowed: (actor: Actor) => boolean,
  refusal: CataloguedMessage = MESSAGES.forbidden,
) {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await guard.authenticate.call(this, request, reply);
    if (!allowed(currentUser(request))) throw forbidden(refusal);
  };
}

/** Public routes that answer more to a signed-in user: identifies them when a token is sent. */
export function optionalUser(guard: Guard) {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (bearerToken(request)) await guard.authenticate.call(this, request, reply);
  };
}
