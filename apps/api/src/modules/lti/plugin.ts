import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Guard } from "../../auth/guard.js";
import { createSecretBox } from "../../auth/secret-box.js";
import type { Database } from "../../db/types.js";
import { canUseInstructorArea, isAdmin } from "../../policies/index.js";
import { ltiAdminRoutes } from "./admin-routes.js";
import { createLtiAdminService } from "./admin-service.js";
import { createLtiAgsService } from "./ags-service.js";
import { type BrowserLegLimits, ltiBrowserRoutes } from "./browser-routes.js";
import { createLtiBrowserService } from "./browser-service.js";
import { ltiAreaRoutes, ltiLaunchRoutes } from "./course-routes.js";
import { createLtiCourseService } from "./course-service.js";
import { createPlatformKeys } from "./platform-keys.js";
import { createPlatformTokens } from "./platform-tokens.js";
import { platformEndpoints } from "./present.js";
import { ltiServiceRoutes } from "./service-routes.js";
import { createLtiTokenService } from "./token-service.js";
import { createToolKeys } from "./tool-keys.js";
import type { ToolOrigins } from "./tool-origins.js";

export interface LtiDeps {
  db: Kysely<Database>;
  guard: Guard;
  publicUrl: string;
  appSecret: string;
  toolOrigins: ToolOrigins;
  limits: BrowserLegLimits;
  now: () => Date;
}

/** LTI 1.3 Advantage with the product as platform (issue 25): its services wired once, its routes under /api. */
export async function ltiRoutes(app: FastifyInstance, deps: LtiDeps): Promise<void> {
  const { db, guard, publicUrl, appSecret, toolOrigins, limits, now } = deps;
  const endpoints = platformEndpoints(publicUrl);
  const keys = createPlatformKeys({ db, box: createSecretBox(appSecret, "lti-platform-key"), now });
  const tokens = createPlatformTokens(appSecret, now);
  const toolKeys = createToolKeys();
  const course = createLtiCourseService({ db, tokens, endpoints });

  await app.register(ltiAdminRoutes, {
    guard,
    admin: createLtiAdminService({ db, keys, toolOrigins }),
    platform: endpoints,
  });
  const areas = [
    { prefix: "/instructor", tag: "instructor", allowed: canUseInstructorArea },
    { prefix: "/admin", tag: "admin", allowed: isAdmin },
  ];
  for (const area of areas) await app.register(ltiAreaRoutes, { ...area, guard, lti: course });
  await app.register(ltiLaunchRoutes, { guard, lti: course });
  await app.register(ltiBrowserRoutes, {
    browser: createLtiBrowserService({ db, keys, tokens, toolKeys, endpoints, now }),
    keys,
    limits,
    appOrigin: new URL(publicUrl).origin,
  });
  await app.register(ltiServiceRoutes, {
    db,
    tokens: createLtiTokenService({ db, tokens, toolKeys, endpoints, now }),
    ags: createLtiAgsService({ db, issuer: publicUrl }),
    issuer: publicUrl,
    limits,
  });
}
