import { randomUUID } from "node:crypto";
import type { Role } from "@lms/contract";
import { jwtVerify, SignJWT } from "jose";

export interface AccessTokenClaims {
  sub: string;
  role: Role;
}

export interface VerifiedClaims extends AccessTokenClaims {
  /** When the token was signed, in milliseconds. */
  issuedAt: number;
  /** The token's own id: sign-out lists it as revoked until `expiresAt`. */
  jti: string;
  /** When the token expires, in milliseconds. */
  expiresAt: number;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  verify(token: string): Promise<VerifiedClaims | null>;
}

/** Tokens verified lately, kept until they expire: a signed token never changes, only ages. */
const MAX_VERIFIED = 10_000;

export function createAccessTokens(secret: string, minutes: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: VerifiedClaims; expiresAt: number }>();

  async function verifySignature(token: string) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
      if (typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
      const issuedAt = typeof payload.ims === "number" ? payload.ims : (payload.iat ?? 0) * 1000;
      const expiresAt = payload.exp * 1000;
      const claims = { sub: payload.sub, role: payload.role as Role, issuedAt, jti: payload.jti ?? "", expiresAt };
      return { claims, expiresAt };
    } catch {
      return null;
    }
  }

  return {
    sign: (claims) =>
      // `ims`: the signing time in milliseconds (`iat` has whole seconds), so a password change can
      // end every token signed before it and keep the one it issues within the same second.
      new SignJWT({ role: claims.role, ims: Date.now() })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
        return null;
      }
      const result = await verifySignature(token);
      if (!result) return null;
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(token, result);
      return result.claims;
    },
  };
}
