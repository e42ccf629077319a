import type { FastifyInstance } from "fastify";
import { createRequestMetrics, type RequestMetrics } from "./request-metrics.js";

/** Every answer of this process, its time and status, into the per-minute request metrics. */
export function registerRequestMetrics(app: FastifyInstance, now: () => Date): RequestMetrics {
  const metrics = createRequestMetrics(now);
  app.addHook("onResponse", (_request, reply, done) => {
    metrics.record(reply.elapsedTime, reply.statusCode);
    done();
  });
  return metrics;
}
