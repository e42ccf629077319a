import { createHmac, timingSafeEqual } from "node:crypto";

/** Older events are refused, so a captured request cannot be replayed later. */
const MAX_AGE_SECONDS = 5 * 60;

const hmac = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

/** Zoom's x-zm-signature: `v0=` + HMAC-SHA256 of `v0:{x-zm-request-timestamp}:{raw body}` with the secret token. */
export const zoomSignature = (secret: string, timestamp: string, rawBody: string) =>
  `v0=${hmac(secret, `v0:${timestamp}:${rawBody}`)}`;

export function checkZoomSignature(
  secret: string,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: string,
): "valid" | "missing" | "invalid" {
  if (!signature || !timestamp) return "missing";
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_AGE_SECONDS) return "invalid";
  const expected = Buffer.from(zoomSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? "valid" : "invalid";
}

/** The answer to Zoom's endpoint.url_validation challenge. */
export const zoomUrlValidation = (secret: string, plainToken: string) => ({
  plainToken,
  encryptedToken: hmac(secret, plainToken),
});
