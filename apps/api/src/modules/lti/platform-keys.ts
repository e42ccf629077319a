import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Kysely } from "kysely";
import type { SecretBox } from "../../auth/secret-box.js";
import type { Database } from "../../db/types.js";

export const PLATFORM_ALG = "RS256";
/** How long a retired key stays in the JWKS: tools may still verify launches it signed. */
export const RETIRED_KEY_DAYS = 30;

export interface PlatformKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
}

/**
 * The platform's RS256 key pairs. The newest unretired key signs; the first is made on first use.
 * Rotating retires every current key and makes a new one; retired keys stay published for 30 days.
 */
export function createPlatformKeys(deps: { db: Kysely<Database>; box: SecretBox; now: () => Date }) {
  const { db, box, now } = deps;
  const imported = new Map<string, Promise<CryptoKey | Uint8Array>>();

  async function create(): Promise<string> {
    const pair = await generateKeyPair(PLATFORM_ALG, { modulusLength: 2048, extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db
      .insertInto("lti_platform_keys")
      .values({
        kid,
        public_jwk: JSON.stringify({ ...publicJwk, kid, alg: PLATFORM_ALG, use: "sig" }),
        private_jwk: box.seal(JSON.stringify(await exportJWK(pair.privateKey))),
        created_at: now().toISOString(),
        retired_at: null,
      })
      .execute();
    return kid;
  }

  const newestActive = () =>
    db
      .selectFrom("lti_platform_keys")
      .selectAll()
      .where("retired_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("kid", "desc")
      .executeTakeFirst();

  return {
    async current(): Promise<PlatformKey> {
      let row = await newestActive();
      if (!row) {
        await create();
        row = await newestActive();
      }
      if (!row) throw new Error("the LTI platform key could not be stored");
      const { kid, private_jwk } = row;
      let key = imported.get(kid);
      if (!key) {
        key = importJWK(JSON.parse(box.open(private_jwk)) as JWK, PLATFORM_ALG);
        imported.set(kid, key);
      }
      return { kid, privateKey: await key };
    },

    async rotate(): Promise<string> {
      await db
        .updateTable("lti_platform_keys")
        .set({ retired_at: now().toISOString() })
        .where("retired_at", "is", null)
        .execute();
      return create();
    },

    /** The public keys tools verify with: the current ones and those retired in the last 30 days. */
    async jwks(): Promise<{ keys: JWK[] }> {
      await this.current();
      const since = new Date(now().getTime() - RETIRED_KEY_DAYS * 86_400_000).toISOString();
      const rows = await db
        .selectFrom("lti_platform_keys")
        .select("public_jwk")
        .where((eb) => eb.or([eb("retired_at", "is", null), eb("retired_at", ">", since)]))
        .orderBy("created_at", "desc")
        .execute();
      return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
    },
  };
}
export type PlatformKeys = ReturnType<typeof createPlatformKeys>;
