import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";

/**
 * A tiny cache of serialised answers of public, anonymous GET routes (catalogue, categories, home
 * statistics), keyed by URL. Entries live `ttlMs` at most; any successful write through this process
 * clears them all, so the only staleness is across processes, for at most the TTL.
 */
export interface PublicCache {
  serve<T>(request: FastifyRequest, reply: FastifyReply, schema: z.ZodType<T>, load: () => Promise<T>): Promise<void>;
  clear(): void;
}

const MAX_ENTRIES = 1000;

export function createPublicCache(ttlMs: number): PublicCache {
  const entries = new Map<string, { body: string; expires: number }>();
  return {
    async serve(request, reply, schema, load) {
      reply.type("application/json; charset=utf-8");
      const now = Date.now();
      const hit = entries.get(request.url);
      if (hit && hit.expires > now) {
        reply.send(hit.body);
        return;
      }
      // Parsing with the response schema keeps "the schema decides what leaves the server" true.
      const body = JSON.stringify(schema.parse(await load()));
      if (ttlMs > 0) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(request.url, { body, expires: now + ttlMs });
      }
      reply.send(body);
    },
    clear: () => entries.clear(),
  };
}
