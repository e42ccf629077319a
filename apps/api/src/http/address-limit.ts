import { MESSAGES } from "@lms/contract";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "./errors.js";

/**
 * A limit per client address across every e-mail, for a route whose own limit counts per address
 * and e-mail: made-up e-mails each start a fresh bucket there, and each costs a password hash.
 * Counted in the rate-limit plugin's store, so in Redis and across processes when REDIS_URL is set.
 */
export function limitAddressAcrossEmails(
  app: FastifyInstance,
  name: string,
  { max, windowMs }: { max: number; windowMs: number },
): preHandlerAsyncHookHandler {
  const count = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) => `${name}|${request.ip}`,
  });
  return async (request) => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new AppError(429, MESSAGES.tooManyRequests, undefined, result.ttlInSeconds);
  };
}
