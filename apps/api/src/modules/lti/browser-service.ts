import { type CataloguedMessage, ltiItemsAddedText, LTI_MESSAGES as M } from "@lms/contract";
import { decodeJwt } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { canManageCourse } from "../../policies/index.js";
import { findCourse } from "../courses/access.js";
import { settleCompletion } from "../progress/completion.js";
import { DL_CONTENT_ITEMS, DL_DATA, LTI } from "./claims.js";
import type { LaunchHint } from "./course-service.js";
import { buildIdToken } from "./id-token.js";
import { addLinkLesson, type NewLink } from "./link-lessons.js";
import type { PlatformKeys } from "./platform-keys.js";
import type { PlatformTokens } from "./platform-tokens.js";
import { type PlatformEndpoints, toolDeploymentIds } from "./present.js";
import * as repo from "./repo.js";
import type { ToolKeys } from "./tool-keys.js";
import { useOnce } from "./used-values.js";

/** A refused browser leg: the page's message. */
export class LtiRefusal extends Error {
  constructor(readonly reason: CataloguedMessage) {
    super(reason.text);
  }
}
const refuse = (reason: CataloguedMessage): never => {
  throw new LtiRefusal(reason);
};

/** How long used nonces are remembered: far beyond the 5 minutes an id_token or response lives. */
const NONCE_MEMORY_MS = 24 * 60 * 60 * 1000;

export type AuthorizeParams = Partial<
  Record<
    | "scope"
    | "response_type"
    | "response_mode"
    | "prompt"
    | "client_id"
    | "redirect_uri"
    | "login_hint"
    | "lti_message_hint"
    | "nonce"
    | "state",
    string
  >
>;

const text = (value: unknown, max = 2_000) => (typeof value === "string" ? value.slice(0, max) : "");

/**
 * The legs of LTI that run in the user's browser and carry no credential of ours: the OIDC
 * authorization request (authorised by the launch's one-time hint) and the deep-linking return
 * (authorised by the tool's signature and our signed `data`).
 */
export function createLtiBrowserService(deps: {
  db: Kysely<Database>;
  keys: PlatformKeys;
  tokens: PlatformTokens;
  toolKeys: ToolKeys;
  endpoints: PlatformEndpoints;
  now: () => Date;
}) {
  const { db, keys, tokens, toolKeys, endpoints, now } = deps;

  return {
    /** The checked authorization request: where to post, and the id_token and state to post. */
    async authorize(params: AuthorizeParams) {
      const tool = params.client_id ? await repo.findToolByClientId(db, params.client_id) : undefined;
      if (!tool) return refuse(M.unknownClient);
      const redirectUri = params.redirect_uri ?? "";
      if (redirectUri !== tool.launch_url && redirectUri !== tool.deep_linking_url) return refuse(M.wrongRedirectUri);
      const scopes = (params.scope ?? "").split(" ");
      if (
        !scopes.includes("openid") ||
        params.response_type !== "id_token" ||
        params.response_mode !== "form_post" ||
        params.prompt !== "none"
      ) {
        return refuse(M.invalidRequest);
      }
      const claims = params.lti_message_hint ? await tokens.verify("lti-message-hint", params.lti_message_hint) : null;
      const hint = claims as (LaunchHint & { jti: string; exp: number }) | null;
      if (!hint || hint.tool !== tool.id) return refuse(M.invalidHint);
      if (params.login_hint !== hint.sub) return refuse(M.wrongLoginHint);
      if (!params.nonce) return refuse(M.nonceRequired);
      const at = now();
      if (!(await useOnce(db, `hint:${hint.jti}`, new Date(hint.exp * 1000), at))) return refuse(M.invalidHint);
      const nonceKey = `nonce:${tool.client_id}:${params.nonce}`;
      if (!(await useOnce(db, nonceKey, new Date(at.getTime() + NONCE_MEMORY_MS), at))) return refuse(M.nonceReused);
      const idToken = await buildIdToken({ db, keys, endpoints, tool, hint, nonce: params.nonce, now: at });
      if (!idToken) return refuse(M.invalidHint);
      return { action: redirectUri, fields: { id_token: idToken, ...(params.state ? { state: params.state } : {}) } };
    },

    /**
     * A tool's deep-linking response: signed by the tool, for us, with an unused nonce and our
     * unexpired `data`. Its resource links become lessons of the module; other items are skipped.
     */
    async deepLinkingReturn(jwt: string | undefined) {
      if (!jwt) return refuse(M.invalidDeepLinkingResponse);
      let clientId: string;
      try {
        clientId = text(decodeJwt(jwt).iss, 200);
      } catch {
        return refuse(M.invalidDeepLinkingResponse);
      }
      const tool = clientId ? await repo.findToolByClientId(db, clientId) : undefined;
      if (!tool) return refuse(M.unknownClient);
      const at = now();
      const payload = await toolKeys.verify(tool, jwt, {
        issuer: tool.client_id,
        audience: endpoints.issuer,
        currentDate: at,
      });
      if (
        payload?.[`${LTI}/message_type`] !== "LtiDeepLinkingResponse" ||
        payload[`${LTI}/version`] !== "1.3.0" ||
        !toolDeploymentIds(tool).includes(text(payload[`${LTI}/deployment_id`]))
      ) {
        return refuse(M.invalidDeepLinkingResponse);
      }
      const nonce = text(payload.nonce, 300);
      if (!nonce) return refuse(M.nonceRequired);
      const data = await tokens.verify("lti-deep-linking-data", text(payload[DL_DATA], 4_000));
      if (!data || data.tool !== tool.id) return refuse(M.invalidDeepLinkingResponse);
      const expiry = new Date(at.getTime() + NONCE_MEMORY_MS);
      if (!(await useOnce(db, `dl-nonce:${tool.client_id}:${nonce}`, expiry, at))) return refuse(M.nonceReused);

      const courseId = String(data.course);
      const moduleId = String(data.module);
      const actor = await db
        .selectFrom("users")
        .select(["id", "role"])
        .where("id", "=", String(data.sub))
        .executeTakeFirst();
      const module = await db
        .selectFrom("modules")
        .select("id")
        .where("id", "=", moduleId)
        .where("course_id", "=", courseId)
        .executeTakeFirst();
      const course = await findCourse(db, courseId);
      if (!actor || !module || !course || !canManageCourse(actor, course)) return refuse(M.invalidDeepLinkingResponse);

      const items = Array.isArray(payload[DL_CONTENT_ITEMS]) ? (payload[DL_CONTENT_ITEMS] as unknown[]) : [];
      const links: NewLink[] = [];
      const skipped: string[] = [];
      for (const item of items.slice(0, 50)) {
        const link = resourceLinkOf(item);
        if (link) links.push(link);
        else skipped.push(`Skipped: ${describe(item)} (only LTI resource links can be added to a module)`);
      }
      await db.transaction().execute(async (trx) => {
        for (const link of links) await addLinkLesson(trx, actor, { courseId, moduleId }, tool, link);
        if (links.length > 0) await settleCompletion(trx, { courseId });
      });
      return { added: links.length, text: ltiItemsAddedText(links.length), skipped };
    },
  };
}
export type LtiBrowserService = ReturnType<typeof createLtiBrowserService>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function describe(item: unknown): string {
  if (!isRecord(item)) return "an item";
  return `${text(item.type, 50) || "an item"}${item.title ? ` “${text(item.title, 200)}”` : ""}`;
}

/** An `ltiResourceLink` content item as a new link (with its line item when it asks for one). */
function resourceLinkOf(item: unknown): NewLink | null {
  if (!isRecord(item) || item.type !== "ltiResourceLink") return null;
  const title = text(item.title, 200).trim() || "LTI link";
  let url: string | null = null;
  if (typeof item.url === "string") {
    try {
      const parsed = new URL(item.url);
      if (parsed.protocol === "https:" || parsed.protocol === "http:") url = parsed.toString();
    } catch {
      url = null;
    }
  }
  const custom: Record<string, string> = {};
  if (isRecord(item.custom)) {
    for (const [key, value] of Object.entries(item.custom).slice(0, 50)) {
      if (/^[A-Za-z0-9_]{1,100}$/.test(key)) custom[key] = text(value, 1_000);
    }
  }
  const lineItem = isRecord(item.lineItem) ? item.lineItem : null;
  const scoreMaximum = lineItem ? Number(lineItem.scoreMaximum) : Number.NaN;
  return {
    title,
    url,
    customParameters: custom,
    lineItem:
      lineItem && Number.isFinite(scoreMaximum) && scoreMaximum > 0
        ? {
            scoreMaximum,
            label: text(lineItem.label, 200).trim() || title,
            resourceId: text(lineItem.resourceId, 200) || null,
            tag: text(lineItem.tag, 200) || null,
          }
        : null,
  };
}
