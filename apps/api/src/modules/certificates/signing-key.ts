import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Kysely } from "kysely";
import type { SecretBox } from "../../auth/secret-box.js";
import type { Database } from "../../db/types.js";

export const CREDENTIAL_ALG = "EdDSA";
const KEY_ROW = "certificates";

export interface SigningKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey | Uint8Array;
}

/**
 * The platform's credential-signing key (Ed25519): made once, kept in the database so every
 * process and machine of the install signs with the same key, its private half sealed with the app
 * secret (as two-factor secrets are). The first process to insert wins; the others read its key.
 */
export function createSigningKeys(deps: { db: Kysely<Database>; box: SecretBox }) {
  const { db, box } = deps;
  let loaded: Promise<SigningKey> | null = null;

  const stored = () => db.selectFrom("signing_keys").selectAll().where("id", "=", KEY_ROW).executeTakeFirst();

  async function create(): Promise<void> {
    const pair = await generateKeyPair(CREDENTIAL_ALG, { crv: "Ed25519", extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db
      .insertInto("signing_keys")
      .values({
        id: KEY_ROW,
        kid,
        public_jwk: JSON.stringify({ ...publicJwk, kid, alg: CREDENTIAL_ALG, use: "sig" }),
        private_jwk: box.seal(JSON.stringify(await exportJWK(pair.privateKey))),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }

  async function load(): Promise<SigningKey> {
    let row = await stored();
    if (!row) {
      await create();
      row = await stored();
    }
    if (!row) throw new Error("the credential signing key could not be stored");
    return {
      kid: row.kid,
      publicJwk: JSON.parse(row.public_jwk) as JWK,
      privateKey: await importJWK(JSON.parse(box.open(row.private_jwk)) as JWK, CREDENTIAL_ALG),
    };
  }

  return {
    /** The key, loaded (or made) once per process; a failed load is tried again next time. */
    current(): Promise<SigningKey> {
      loaded ??= load().catch((error: unknown) => {
        loaded = null;
        throw error;
      });
      return loaded;
    },
  };
}
export type SigningKeys = ReturnType<typeof createSigningKeys>;
