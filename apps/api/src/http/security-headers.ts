import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** The pages' headers; `toolOrigins` may be framed and posted to (LTI launches, issue 25). */
const optionsFor = (toolOrigins: readonly string[]): HelmetOptions => ({
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
      formAction: ["'self'", ...toolOrigins],
      frameSrc: ["'self'", ...toolOrigins],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/**
 * Helmet's headers, computed once: they do not depend on the request, and letting helmet rebuild
 * the Content-Security-Policy on every request cost a measurable share of a cached answer.
 */
function computeHeaders(toolOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(optionsFor(toolOrigins))({} as never, response as never, () => {});
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
 * A page launches LTI tools by posting a form into a frame (or a new window) at the tool's origin, so
 * its policy lets it frame and post to the registered tools' origins: read for each page, as a tool
 * registered a moment ago must work on the next page; the headers are built once per set of origins.
 */
export function registerSecurityHeaders(app: FastifyInstance, toolOrigins?: () => Promise<readonly string[]>): void {
  const plainPageHeaders = computeHeaders([]);
  let built = { key: "", headers: plainPageHeaders };
  const pageHeaders = async (url: string) => {
    if (!toolOrigins || url.startsWith("/assets/")) return plainPageHeaders;
    let origins: readonly string[];
    try {
      origins = await toolOrigins();
    } catch (error) {
      // A page still loads while the database is away, with the tools' origins last read.
      app.log.warn({ err: error }, "the LTI tools' origins could not be read for the page's CSP");
      return built.headers;
    }
    const key = origins.join(" ");
    if (key !== built.key) built = { key, headers: computeHeaders(origins) };
    return built.headers;
  };
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(request.url.startsWith("/api/") ? API_HEADERS : await pageHeaders(request.url));
  });
}
