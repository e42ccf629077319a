import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Public pages the web build prerenders (apps/web/scripts/prerender.mjs): their HTML already holds the
 * first screen, so it paints before the JavaScript has loaded; React then takes the page over.
 */
const PRERENDERED_PAGES: Record<string, string> = {
  "/": "prerendered/home.html",
  "/login": "prerendered/login.html",
  "/courses": "prerendered/courses.html",
};

export interface WebApp {
  /** The file of the build that answers a client-side route: its prerendered page, or index.html. */
  pageFor(url: string): string;
}

/**
 * Serves the built web app: hashed assets cached for a year, the build's brotli or gzip copies to
 * clients that accept them, index.html (or a prerendered page) for every client-side route. Returns
 * null when the web app has not been built.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<WebApp | null> {
  if (!existsSync(path.join(webDist, "index.html"))) return null;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // send's own header (public, max-age=0) would replace the one setHeaders chose.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      res.setHeader("vary", "accept-encoding");
    },
  });
  const prerendered = new Map(
    Object.entries(PRERENDERED_PAGES).filter(([, file]) => existsSync(path.join(webDist, file))),
  );
  return {
    pageFor(url) {
      const pathname = url.split("?")[0] ?? url;
      return prerendered.get(pathname) ?? "index.html";
    },
  };
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
