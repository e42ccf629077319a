import { SignJWT } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { preferencesOf } from "../preferences/repo.js";
import {
  AGS_ENDPOINT,
  COURSE_OFFERING,
  DL_SETTINGS,
  grantedScopes,
  LTI,
  lisRoles,
  NRPS_CLAIM,
  splitName,
} from "./claims.js";
import type { LaunchHint } from "./course-service.js";
import { PLATFORM_ALG, type PlatformKeys } from "./platform-keys.js";
import { customParametersOf, type PlatformEndpoints, toolServices } from "./present.js";
import * as repo from "./repo.js";

export const ID_TOKEN_SECONDS = 5 * 60;

/**
 * The id_token of a launch (LTI 1.3 core, LTI Advantage): signed RS256 by the platform's current key,
 * for the tool (aud = its client id), about the hint's user in the hint's course.
 */
export async function buildIdToken(deps: {
  db: Kysely<Database>;
  keys: PlatformKeys;
  endpoints: PlatformEndpoints;
  tool: repo.ToolRow;
  hint: LaunchHint;
  nonce: string;
  now: Date;
}): Promise<string | null> {
  const { db, keys, endpoints, tool, hint, nonce, now } = deps;
  const [user, course] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "name", "email", "role", "status"])
      .where("id", "=", hint.sub)
      .executeTakeFirst(),
    db.selectFrom("courses").select(["id", "title", "course_code"]).where("id", "=", hint.course).executeTakeFirst(),
  ]);
  if (user?.status !== "active" || !course) return null;
  const link = hint.link ? await repo.findLink(db, hint.link) : undefined;
  if (hint.link && (!link || link.course_id !== course.id)) return null;
  const locale = (await preferencesOf(db, user.id)).language;
  const services = toolServices(tool);
  const base = `${endpoints.issuer}/api/lti/courses/${course.id}`;
  const lineItem = link ? await repo.lineItemOfLink(db, link.id) : undefined;
  const returnUrl = `${endpoints.issuer}/courses/${course.id}${link ? `/lessons/${link.lesson_id}` : ""}`;

  const claims: Record<string, unknown> = {
    nonce,
    azp: tool.client_id,
    name: user.name,
    ...splitName(user.name),
    email: user.email,
    locale,
    [`${LTI}/deployment_id`]: hint.deployment,
    [`${LTI}/message_type`]: link ? "LtiResourceLinkRequest" : "LtiDeepLinkingRequest",
    [`${LTI}/version`]: "1.3.0",
    [`${LTI}/roles`]: lisRoles(user.role),
    [`${LTI}/target_link_uri`]: hint.target,
    [`${LTI}/context`]: { id: course.id, label: course.course_code, title: course.title, type: [COURSE_OFFERING] },
    [`${LTI}/launch_presentation`]: { document_target: "iframe", return_url: returnUrl, locale },
    [`${LTI}/custom`]: {
      ...customParametersOf(tool.custom_parameters),
      ...(link ? customParametersOf(link.custom_parameters) : {}),
    },
    [`${LTI}/tool_platform`]: { guid: endpoints.issuer, name: "LMS", product_family_code: "lms" },
  };
  if (link) claims[`${LTI}/resource_link`] = { id: link.id, title: link.title };
  else {
    claims[DL_SETTINGS] = {
      deep_link_return_url: endpoints.deepLinkingReturnUrl,
      accept_types: ["ltiResourceLink", "link"],
      accept_presentation_document_targets: ["iframe", "window"],
      accept_multiple: true,
      data: hint.data,
    };
  }
  if (services.includes("ags")) {
    claims[AGS_ENDPOINT] = {
      scope: grantedScopes(["ags"]),
      lineitems: `${base}/line-items`,
      ...(lineItem ? { lineitem: `${base}/line-items/${lineItem.id}` } : {}),
    };
  }
  if (services.includes("nrps")) {
    claims[NRPS_CLAIM] = { context_memberships_url: `${base}/memberships`, service_versions: ["2.0"] };
  }

  const { kid, privateKey } = await keys.current();
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: PLATFORM_ALG, kid, typ: "JWT" })
    .setIssuer(endpoints.issuer)
    .setAudience(tool.client_id)
    .setSubject(user.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ID_TOKEN_SECONDS)
    .sign(privateKey);
}
