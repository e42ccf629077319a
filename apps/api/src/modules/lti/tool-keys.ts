import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  importJWK,
  importSPKI,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";

const TOOL_ALGS = ["RS256"];

/** A tool's public key as given at registration: an RSA SPKI PEM or an RSA JWK in JSON; null when neither. */
export async function importToolPublicKey(text: string): Promise<CryptoKey | Uint8Array | null> {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith("{")) {
      const jwk = JSON.parse(trimmed) as JWK;
      if (jwk.kty !== "RSA" || "d" in jwk) return null;
      return await importJWK(jwk, "RS256");
    }
    if (trimmed.startsWith("-----BEGIN PUBLIC KEY-----")) return await importSPKI(trimmed, "RS256");
    return null;
  } catch {
    return null;
  }
}

/**
 * Verifies JWTs a tool signed (client assertions, deep-linking responses) with its registered key:
 * its JWKS URL (fetched and cached by jose, refetched for an unknown kid) or its public key.
 */
export function createToolKeys() {
  const remoteSets = new Map<string, JWTVerifyGetKey>();

  function remoteSet(url: string): JWTVerifyGetKey {
    let set = remoteSets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 1_000 });
      remoteSets.set(url, set);
    }
    return set;
  }

  return {
    /** The payload, or null when the signature, the algorithm or the claims checked do not hold. */
    async verify(
      tool: { jwks_url: string | null; public_key: string | null },
      jwt: string,
      options: { issuer?: string; audience: string; subject?: string; currentDate: Date },
    ): Promise<JWTPayload | null> {
      try {
        decodeProtectedHeader(jwt);
        const verifyOptions = { algorithms: TOOL_ALGS, requiredClaims: ["exp", "iat"], ...options };
        if (tool.jwks_url) return (await jwtVerify(jwt, remoteSet(tool.jwks_url), verifyOptions)).payload;
        const key = tool.public_key ? await importToolPublicKey(tool.public_key) : null;
        if (!key) return null;
        return (await jwtVerify(jwt, key, verifyOptions)).payload;
      } catch {
        return null;
      }
    },
  };
}
export type ToolKeys = ReturnType<typeof createToolKeys>;
