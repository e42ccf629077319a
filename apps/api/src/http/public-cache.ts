import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { cacheTags, type ReadCaches } from "../cache/read-caches.js";
import { sendJson } from "./send-json.js";

/**
 * Serialised answers of public, anonymous GET routes (catalogue, categories, home statistics,
 * a course's public info), keyed by URL, kept as long as the read caches keep anything.
 */
export interface PublicCache {
  /** `tags`: what a write clears the answer by; the public lists unless said otherwise. */
  serve<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<T>,
    load: () => Promise<T>,
    tags?: readonly string[],
  ): Promise<void>;
  /** `serve` for an answer its route serialises itself (its test holds it to the schema). */
  serveSerialized(
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<Buffer>,
    tags?: readonly string[],
  ): Promise<void>;
}

const PUBLIC_LISTS = [cacheTags.publicLists];

export function createPublicCache(caches: ReadCaches): PublicCache {
  const bodies = caches.create<Buffer>();
  async function serveSerialized(
    request: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<Buffer>,
    tags: readonly string[] = PUBLIC_LISTS,
  ) {
    const body = await bodies.get(request.url, load, tags);
    // The same for everyone, so cacheable as it always was; with a bearer token it stays no-store.
    if (!request.headers.authorization) reply.removeHeader("cache-control");
    sendJson(reply, body);
  }
  return {
    serveSerialized,
    // Parsing with the response schema keeps "the schema decides what leaves the server" true.
    serve: (request, reply, schema, load, tags) =>
      serveSerialized(request, reply, async () => Buffer.from(JSON.stringify(schema.parse(await load()))), tags),
  };
}
