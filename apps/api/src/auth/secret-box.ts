import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export interface SecretBox {
  seal(text: string): string;
  open(sealed: string): string;
}

/**
 * AES-256-GCM with a key derived from the app's secret, for values the database must not hold in
 * the clear (TOTP secrets): a copy of the database alone does not give them away.
 */
export function createSecretBox(appSecret: string, purpose: string): SecretBox {
  const key = createHash("sha256").update(`${purpose}:${appSecret}`).digest();
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
  };
}
