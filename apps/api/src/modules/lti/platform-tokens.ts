import { createHash, randomUUID } from "node:crypto";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";

/**
 * The platform's own short tokens, HS256 with a key per purpose derived from the app secret: the
 * launch's one-time message hint, the deep-linking `data` claim and the tools' access tokens. A token
 * of one purpose never passes for another (different keys and a `typ` claim).
 */
export type PlatformTokenPurpose = "lti-message-hint" | "lti-deep-linking-data" | "lti-access-token";

export function createPlatformTokens(appSecret: string, now: () => Date) {
  const keyOf = (purpose: PlatformTokenPurpose) =>
    new Uint8Array(createHash("sha256").update(`${purpose}:${appSecret}`).digest());

  return {
    async sign(purpose: PlatformTokenPurpose, claims: JWTPayload, seconds: number): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ...claims, typ: purpose })
        .setProtectedHeader({ alg: "HS256" })
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + seconds)
        .sign(keyOf(purpose));
    },

    /** The claims, or null for a token that is not ours, of another purpose, or expired. */
    async verify(purpose: PlatformTokenPurpose, token: string): Promise<JWTPayload | null> {
      try {
        const { payload } = await jwtVerify(token, keyOf(purpose), {
          algorithms: ["HS256"],
          currentDate: now(),
        });
        return payload.typ === purpose ? payload : null;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type PlatformTokens = ReturnType<typeof createPlatformTokens>;
