import type { Role } from "@lms/contract";
import { jwtVerify, SignJWT } from "jose";

export interface AccessTokenClaims {
  sub: string;
  role: Role;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export function createAccessTokens(secret: string, minutes: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (typeof payload.sub !== "string") return null;
        return { sub: payload.sub, role: payload.role as Role };
      } catch {
        return null;
      }
    },
  };
}
