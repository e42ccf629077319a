import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Media (<video>, <img>, PDF) requests carry no bearer header, so media are served through
 * short-lived URLs signed with a server secret, handed only to users allowed to read them.
 */
export interface UrlSigner {
  sign(pathname: string, ttlSeconds?: number): string;
  verify(pathname: string, expires: string | undefined, signature: string | undefined): boolean;
}

const DEFAULT_TTL_SECONDS = 4 * 60 * 60;

export function createUrlSigner(secret: string): UrlSigner {
  const mac = (pathname: string, expires: string) =>
    createHmac("sha256", `${secret}:media`).update(`${pathname}\n${expires}`).digest("base64url");
  return {
    sign(pathname, ttlSeconds = DEFAULT_TTL_SECONDS) {
      const expires = String(Math.floor(Date.now() / 1000) + ttlSeconds);
      return `${pathname}?expires=${expires}&sig=${mac(pathname, expires)}`;
    },
    verify(pathname, expires, signature) {
      if (!expires || !signature || !/^\d+$/.test(expires)) return false;
      if (Number(expires) < Date.now() / 1000) return false;
      const expected = Buffer.from(mac(pathname, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
