import { callService, MeetingServiceError } from "./provider.js";

/**
 * Where Zoom recording files may be downloaded from. The download carries the account's bearer
 * token, so a URL named by a webhook is fetched only from these hosts (issue 20).
 */
export interface ZoomDownloadHosts {
  /** https only; a host matches a domain exactly or as one of its subdomains. */
  domains: string[];
  /** Plain-http origins (scheme, loopback host and port) that are allowed as they are: test servers. */
  loopbackOrigins: string[];
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** `http://127.0.0.1:4000` as written (a trailing slash allowed), or null for anything else. */
function loopbackOrigin(entry: string): string | null {
  if (!URL.canParse(entry)) return null;
  const url = new URL(entry);
  const plain = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname) && url.origin === entry.replace(/\/$/, "");
  return plain ? url.origin : null;
}

/**
 * Reads ZOOM_DOWNLOAD_HOSTS: a comma-separated list of domains (`zoom.us`) and of http loopback
 * origins (`http://127.0.0.1:4000`). Answers the reason when an entry is neither.
 */
export function parseZoomDownloadHosts(value: string): ZoomDownloadHosts | string {
  const hosts: ZoomDownloadHosts = { domains: [], loopbackOrigins: [] };
  for (const entry of value.split(",").map((part) => part.trim().toLowerCase())) {
    if (!entry) continue;
    if (DOMAIN.test(entry)) {
      hosts.domains.push(entry);
      continue;
    }
    const origin = loopbackOrigin(entry);
    if (!origin) return `"${entry}" is neither a domain (zoom.us) nor an http loopback origin (http://127.0.0.1:4000)`;
    hosts.loopbackOrigins.push(origin);
  }
  return hosts.domains.length + hosts.loopbackOrigins.length ? hosts : "name at least one host";
}

function isZoomDownloadUrl(hosts: ZoomDownloadHosts, url: URL): boolean {
  if (url.protocol === "https:") {
    return hosts.domains.some((domain) => url.hostname === domain || url.hostname.endsWith(`.${domain}`));
  }
  return url.protocol === "http:" && hosts.loopbackOrigins.includes(url.origin);
}

const MAX_REDIRECTS = 5;

/**
 * GET of a recording file with the account token. Redirects are followed here, not by fetch, so
 * that every hop must be an allowed host too: the token is never sent anywhere else.
 */
export async function fetchZoomDownload(
  hosts: ZoomDownloadHosts,
  url: string,
  token: () => Promise<string>,
  timeoutMs: number,
): Promise<Response> {
  let next = URL.canParse(url) ? new URL(url) : null;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!next || !isZoomDownloadUrl(hosts, next)) {
      throw new MeetingServiceError(
        `zoom download: ${next?.origin ?? "an invalid URL"} is not an allowed download host`,
      );
    }
    const headers = { authorization: `Bearer ${await token()}` };
    const response = await callService(next.href, { headers, redirect: "manual" }, timeoutMs);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    next = URL.canParse(location, next) ? new URL(location, next) : null;
  }
  throw new MeetingServiceError("zoom download: too many redirects");
}
