import type { FastifyReply } from "fastify";

/** Sends an answer serialised ahead (Fastify leaves a JSON-typed body as it is). */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}
