import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from "jose";

/**
 * A small LTI 1.3 tool on loopback, the counterpart of the platform in the api tests and the e2e
 * journey: a real HTTP server with its own RS256 key, speaking HTTP to the platform (its JWKS, its
 * token endpoint, AGS). No part of the platform is replaced.
 *
 * Browser pages: /login (OIDC third-party initiation: redirects to the platform's authorization URL
 * with a state and nonce it remembers), /launch (checks the id_token against the platform's JWKS,
 * the state, the nonce, aud and the claims; shows the user and the resource link with a "Send score"
 * form), /score (gets a token by private_key_jwt and posts 8/10 to the link's line item),
 * /deep-link (a deep-linking request: an "Add to course" form posting a signed response), /jwks.
 */

const LTI = "https://purl.imsglobal.org/spec/lti/claim";
const AGS_ENDPOINT = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint";
const DL_SETTINGS = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings";
export const LTI_SCOPES = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  lineItemReadOnly: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly",
  resultReadOnly: "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  memberships: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
} as const;

export interface LtiPlatformEndpoints {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
}

export interface LtiToolRegistration {
  clientId: string;
  deploymentIds: string[];
}

/** What the tool received and decided, oldest first. */
export interface LtiToolRecord {
  logins: Record<string, string>[];
  /** Verified launches: the id_token's claims. */
  launches: JWTPayload[];
  /** Launches the tool refused, and why. */
  refusals: string[];
  /** Scores it posted: the platform's status. */
  scores: { lineItem: string; userId: string; status: number }[];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body><main>${body}</main></body></html>`;

const hiddenInputs = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

export async function startLtiTool(options: { name?: string } = {}) {
  const name = options.name ?? "Virtual Lab";
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `tool-${randomUUID()}`;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  let platform: LtiPlatformEndpoints | null = null;
  let registration: LtiToolRegistration | null = null;
  /** state → the nonce sent with it (one use each). */
  const pending = new Map<string, string>();
  /** A launch's session for its "Send score" form: the line item and the learner. */
  const sessions = new Map<string, { lineItem: string; userId: string }>();
  const record: LtiToolRecord = { logins: [], launches: [], refusals: [], scores: [] };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configured = () => {
    if (!platform || !registration) throw new Error("the LTI test tool is not registered yet: call register()");
    return { platform, registration };
  };

  function send(response: ServerResponse, status: number, html: string) {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(html);
  }

  function refuse(response: ServerResponse, reason: string) {
    record.refusals.push(reason);
    send(response, 400, page("Launch refused", `<h1>Launch refused</h1><p role="alert">${escapeHtml(reason)}</p>`));
  }

  async function platformKeys() {
    const res = await fetch(configured().platform.jwksUrl);
    return createLocalJWKSet((await res.json()) as JSONWebKeySet);
  }

  /** Checks an id_token as a tool must: signature by the platform's JWKS, iss, aud, azp, exp, nonce. */
  async function verifyIdToken(idToken: string, expectedNonce?: string): Promise<JWTPayload> {
    const { platform: p, registration: reg } = configured();
    const { payload } = await jwtVerify(idToken, await platformKeys(), {
      issuer: p.issuer,
      audience: reg.clientId,
      algorithms: ["RS256"],
      requiredClaims: ["exp", "iat", "sub", "nonce"],
    });
    if (expectedNonce !== undefined && payload.nonce !== expectedNonce) throw new Error("the nonce does not match");
    if (payload.azp !== undefined && payload.azp !== reg.clientId) throw new Error("azp is not this tool");
    if (payload[`${LTI}/version`] !== "1.3.0") throw new Error("not an LTI 1.3.0 message");
    if (!reg.deploymentIds.includes(String(payload[`${LTI}/deployment_id`]))) throw new Error("unknown deployment");
    return payload;
  }

  /** The id_token posted to /launch or /deep-link, checked with the state it came with. */
  async function receiveLaunch(request: IncomingMessage, response: ServerResponse): Promise<JWTPayload | null> {
    const form = await readForm(request);
    const nonce = form.state ? pending.get(form.state) : undefined;
    if (!form.state || nonce === undefined) {
      refuse(response, "The state is unknown to this tool");
      return null;
    }
    pending.delete(form.state);
    try {
      const claims = await verifyIdToken(form.id_token ?? "", nonce);
      record.launches.push(claims);
      return claims;
    } catch (error) {
      refuse(response, `The id_token is invalid: ${(error as Error).message}`);
      return null;
    }
  }

  async function clientAssertion(): Promise<string> {
    const { platform: p, registration: reg } = configured();
    return new SignJWT({})
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(reg.clientId)
      .setSubject(reg.clientId)
      .setAudience(p.tokenUrl)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
  }

  /** An access token from the platform's token endpoint (private_key_jwt); the raw answer too. */
  async function requestToken(scopes: readonly string[], assertion?: string) {
    const res = await fetch(configured().platform.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
        client_assertion: assertion ?? (await clientAssertion()),
        scope: scopes.join(" "),
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function token(scopes: readonly string[]): Promise<string> {
    const { status, body } = await requestToken(scopes);
    if (status !== 200) throw new Error(`no token: ${status} ${JSON.stringify(body)}`);
    return String(body.access_token);
  }

  async function postScore(
    lineItemUrl: string,
    score: {
      userId: string;
      scoreGiven?: number;
      scoreMaximum?: number;
      activityProgress?: string;
      gradingProgress?: string;
      timestamp?: string;
      comment?: string;
    },
    accessToken?: string,
  ) {
    const res = await fetch(`${lineItemUrl}/scores`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${accessToken ?? (await token([LTI_SCOPES.score]))}`,
        "content-type": "application/vnd.ims.lis.v1.score+json",
      },
      body: JSON.stringify({
        activityProgress: "Completed",
        gradingProgress: "FullyGraded",
        timestamp: new Date().toISOString(),
        ...score,
      }),
    });
    const text = await res.text();
    record.scores.push({ lineItem: lineItemUrl, userId: score.userId, status: res.status });
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  /** GET a service URL with a Bearer token (none when `accessToken` is null). */
  async function readService(url: string, accessToken: string | null, accept: string) {
    const res = await fetch(url, {
      headers: { accept, ...(accessToken === null ? {} : { authorization: `Bearer ${accessToken}` }) },
    });
    const text = await res.text();
    return { status: res.status, contentType: res.headers.get("content-type"), body: text ? JSON.parse(text) : null };
  }

  /** A signed LtiDeepLinkingResponse (by this tool's key unless another is given). */
  async function deepLinkingResponse(input: {
    data: unknown;
    items?: unknown[];
    nonce?: string;
    deploymentId?: string;
    key?: CryptoKey;
  }): Promise<string> {
    const { platform: p, registration: reg } = configured();
    const items = input.items ?? [
      {
        type: "ltiResourceLink",
        title: "Virtual lab",
        url: `${url}/launch`,
        lineItem: { scoreMaximum: 10, label: "Virtual lab" },
      },
    ];
    return new SignJWT({
      nonce: input.nonce ?? randomUUID(),
      [`${LTI}/message_type`]: "LtiDeepLinkingResponse",
      [`${LTI}/version`]: "1.3.0",
      [`${LTI}/deployment_id`]: input.deploymentId ?? reg.deploymentIds[0],
      "https://purl.imsglobal.org/spec/lti-dl/claim/content_items": items,
      "https://purl.imsglobal.org/spec/lti-dl/claim/data": input.data,
    })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(reg.clientId)
      .setAudience(p.issuer)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(input.key ?? privateKey);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const at = new URL(request.url ?? "/", url);
    if (at.pathname === "/jwks") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    if (at.pathname === "/login") {
      const { platform: p, registration: reg } = configured();
      const form = request.method === "POST" ? await readForm(request) : Object.fromEntries(at.searchParams);
      record.logins.push(form);
      if (form.iss !== p.issuer || form.client_id !== reg.clientId || !form.login_hint) {
        refuse(response, "The login initiation names another platform or client");
        return;
      }
      const state = randomUUID();
      const nonce = randomUUID();
      pending.set(state, nonce);
      const target = new URL(p.authorizationUrl);
      const redirectUri = form.target_link_uri?.startsWith(`${url}/deep-link`) ? `${url}/deep-link` : `${url}/launch`;
      for (const [key, value] of Object.entries({
        scope: "openid",
        response_type: "id_token",
        response_mode: "form_post",
        prompt: "none",
        client_id: reg.clientId,
        redirect_uri: redirectUri,
        login_hint: form.login_hint,
        lti_message_hint: form.lti_message_hint ?? "",
        state,
        nonce,
      })) {
        target.searchParams.set(key, value);
      }
      response.writeHead(302, { location: target.toString() });
      response.end();
      return;
    }
    if (at.pathname === "/launch" && request.method === "POST") {
      const claims = await receiveLaunch(request, response);
      if (!claims) return;
      const link = claims[`${LTI}/resource_link`] as { id: string; title: string } | undefined;
      const ags = claims[AGS_ENDPOINT] as { lineitem?: string } | undefined;
      const session = randomUUID();
      if (ags?.lineitem) sessions.set(session, { lineItem: ags.lineitem, userId: String(claims.sub) });
      const scoreForm = ags?.lineitem
        ? `<form method="post" action="${url}/score">${hiddenInputs({ session })}<button type="submit">Send score</button></form>`
        : "";
      send(
        response,
        200,
        page(
          name,
          `<h1>${escapeHtml(name)}</h1><p>Hello ${escapeHtml(String(claims.name ?? claims.sub))}</p>` +
            `<p>Resource link: ${escapeHtml(link?.title ?? "")}</p>${scoreForm}`,
        ),
      );
      return;
    }
    if (at.pathname === "/score" && request.method === "POST") {
      const form = await readForm(request);
      const session = sessions.get(form.session ?? "");
      if (!session) {
        refuse(response, "No launch to score");
        return;
      }
      const { status } = await postScore(session.lineItem, { userId: session.userId, scoreGiven: 8, scoreMaximum: 10 });
      send(response, status === 204 ? 200 : 502, page(name, `<p role="status">Score sent: 8 / 10 (${status})</p>`));
      return;
    }
    if (at.pathname === "/deep-link" && request.method === "POST") {
      const claims = await receiveLaunch(request, response);
      if (!claims) return;
      const settings = claims[DL_SETTINGS] as { deep_link_return_url: string; data?: string } | undefined;
      if (claims[`${LTI}/message_type`] !== "LtiDeepLinkingRequest" || !settings) {
        refuse(response, "Not a deep-linking request");
        return;
      }
      const jwt = await deepLinkingResponse({ data: settings.data });
      send(
        response,
        200,
        page(
          name,
          `<h1>${escapeHtml(name)}: choose content</h1><p>Virtual lab</p>` +
            `<form method="post" action="${escapeHtml(settings.deep_link_return_url)}">${hiddenInputs({ JWT: jwt })}` +
            `<button type="submit">Add to course</button></form>`,
        ),
      );
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  }

  return {
    name,
    url,
    loginUrl: `${url}/login`,
    launchUrl: `${url}/launch`,
    deepLinkingUrl: `${url}/deep-link`,
    jwksUrl: `${url}/jwks`,
    publicJwk,
    record,
    /** After the admin registered the tool: the platform's endpoints and what the platform generated. */
    register(endpoints: LtiPlatformEndpoints, tool: LtiToolRegistration) {
      platform = endpoints;
      registration = tool;
    },
    verifyIdToken,
    clientAssertion,
    requestToken,
    token,
    postScore,
    readService,
    deepLinkingResponse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LtiTestTool = Awaited<ReturnType<typeof startLtiTool>>;
