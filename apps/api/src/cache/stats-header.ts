import type { FastifyInstance } from "fastify";
import type { ReadCaches } from "./read-caches.js";

export const CACHE_STATS_HEADER = "x-read-cache-stats";

/**
 * `READ_CACHE_STATS_HEADER=true` (benchmarks): every answer says `<pid> <hits> <misses>` of this
 * process's read caches, so `npm run bench:load` can work out the hit ratio of each process (one per
 * worker) without a route of its own.
 */
export function registerCacheStatsHeader(app: FastifyInstance, caches: ReadCaches): void {
  app.addHook("onSend", (_request, reply, payload, done) => {
    const { hits, misses } = caches.stats();
    reply.header(CACHE_STATS_HEADER, `${process.pid} ${hits} ${misses}`);
    done(null, payload);
  });
}
