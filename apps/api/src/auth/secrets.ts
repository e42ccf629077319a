import { createHash, randomBytes } from "node:crypto";

/** A random opaque token for a client, and the hash under which it is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string): string => createHash("sha256").update(token).digest("hex");
