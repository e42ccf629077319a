import { randomBytes } from "node:crypto";
import { LTI_DEEP_LINKING_DONE } from "@lms/contract";
import type { FastifyReply } from "fastify";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const page = (title: string, body: string, script = "", nonce = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${body}` +
  (script ? `<script nonce="${nonce}">${script}</script>` : "") +
  "</body></html>";

/**
 * The browser legs answer pages, in the product's frame: the api's CSP (nothing at all) is replaced by
 * one for this answer only: its own inline script by a per-response nonce, forms posted only to
 * `formTarget`, framed only by the product's pages.
 */
function sendPage(reply: FastifyReply, status: number, html: string, csp: { nonce?: string; formTarget?: string }) {
  const directives = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    csp.nonce ? `script-src 'nonce-${csp.nonce}'` : "script-src 'none'",
    `form-action ${csp.formTarget ?? "'none'"}`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ];
  return reply
    .status(status)
    .header("content-security-policy", directives.join("; "))
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8")
    .send(html);
}

/** A page that posts `fields` to `action` at once (the id_token to the tool), with a button without scripts. */
export function sendAutoPost(reply: FastifyReply, action: string, fields: Record<string, string>) {
  const nonce = randomBytes(16).toString("base64");
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const body =
    `<form id="lti" method="post" action="${escapeHtml(action)}">${inputs}` +
    `<noscript><button type="submit">Continue</button></noscript></form>`;
  return sendPage(reply, 200, page("Launching…", body, 'document.getElementById("lti").submit();', nonce), {
    nonce,
    formTarget: new URL(action).origin,
  });
}

/** A refused browser leg: a page saying why, status 400. */
export const sendErrorPage = (reply: FastifyReply, message: string, status = 400) =>
  sendPage(
    reply,
    status,
    page("LTI launch refused", `<h1>LTI launch refused</h1><p role="alert">${escapeHtml(message)}</p>`),
    {},
  );

/** The deep-linking return: says what was added and tells the product's window (frame parent or opener). */
export function sendDeepLinkingDone(
  reply: FastifyReply,
  text: string,
  skipped: string[],
  added: number,
  appOrigin: string,
) {
  const nonce = randomBytes(16).toString("base64");
  const list = skipped.length > 0 ? `<ul>${skipped.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>` : "";
  const message = JSON.stringify({ type: LTI_DEEP_LINKING_DONE, added });
  const script =
    `var m=${message},o=${JSON.stringify(appOrigin)};` +
    "if(window.parent&&window.parent!==window)window.parent.postMessage(m,o);else if(window.opener)window.opener.postMessage(m,o);";
  return sendPage(reply, 200, page(text, `<p role="status">${escapeHtml(text)}</p>${list}`, script, nonce), { nonce });
}
