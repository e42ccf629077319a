import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes proxy-addr's rule "the last N hops"
 * here: Fastify itself treats a number as trusting no hop at all. Hop 0 is the connected peer.
 */
export function fastifyTrustProxy(setting: Config["trustProxy"]): FastifyServerOptions["trustProxy"] {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}
