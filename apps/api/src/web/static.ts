import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client-side
 * route. Returns false when the web app has not been built.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return true;
}

/**
 * A request the web app's index.html answers: a GET or HEAD of a client-side route. HEAD is
 * answered like GET without the body (uptime monitors and link checkers use it); api routes and
 * missing assets get a real 404.
 */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !request.url.startsWith("/api") && !request.url.startsWith("/assets/");
}
