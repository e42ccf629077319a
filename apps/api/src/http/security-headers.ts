import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      mediaSrc: ["'self'", "blob:"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", "blob:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers, computed once: they do not depend on the request, and letting helmet rebuild
 * the Content-Security-Policy on every request cost a measurable share of a cached answer.
 */
function computeHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(OPTIONS)({} as never, response as never, () => {});
  return headers;
}

/**
 * What the api's answers carry (OWASP REST security cheat sheet): JSON and stored files are no
 * documents to script, frame or embed, so a policy of nothing, and no-sniff. Helmet's full set is for
 * the web app's pages; sending its thirteen headers with every api answer cost a tenth of a cached one.
 * Routes that serve a file inline widen the policy for that file.
 * No api answer is stored by a browser or a shared cache unless its route says otherwise: the public
 * cached answers (http/public-cache.ts) and stored files (storage/send-file.ts) set their own.
 */
const API_HEADERS: Record<string, string> = {
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
};

/**
 * The pages' headers when `frameOrigins` may be framed and posted to (the LTI tools' origins: a
 * launch posts a form into a frame at the tool), derived from the fixed ones and kept while the list
 * stays the same.
 */
function pageHeadersWith(base: Record<string, string>) {
  let last: { key: string; headers: Record<string, string> } = { key: "", headers: base };
  return (frameOrigins: readonly string[]) => {
    const key = frameOrigins.join(" ");
    if (key === last.key) return last.headers;
    const csp = base["content-security-policy"].replace("form-action 'self'", `form-action 'self' ${key}`);
    last = { key, headers: { ...base, "content-security-policy": `${csp};frame-src 'self' ${key}` } };
    return last.headers;
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { frameOrigins?: () => readonly string[] } = {},
): void {
  const pageHeaders = computeHeaders();
  const withFrames = pageHeadersWith(pageHeaders);
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/api/")) reply.headers(API_HEADERS);
    else {
      const origins = options.frameOrigins?.() ?? [];
      reply.headers(origins.length > 0 ? withFrames(origins) : pageHeaders);
    }
  });
}
