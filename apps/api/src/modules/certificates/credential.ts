import { createLocalJWKSet, type JWK, jwtVerify, SignJWT } from "jose";
import type { CertificateRow } from "./repo.js";
import { CREDENTIAL_ALG, type SigningKeys } from "./signing-key.js";

/** The media type of a VC-JWT (W3C VC-JOSE-COSE): the JWS payload is the credential itself. */
export const CREDENTIAL_TYP = "vc+jwt";
export const OB3_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";
export const JWKS_PATH = "/api/certificates/jwks";

export interface Issuer {
  name: string;
  url: string;
}

export const verificationUrl = (publicUrl: string, id: string) => `${publicUrl}/certificates/${id}`;

/** The certificate as an Open Badges 3.0 credential (a W3C Verifiable Credential, data model 2.0). */
export function openBadgeCredential(row: CertificateRow, issuer: Issuer) {
  return {
    "@context": ["https://www.w3.org/ns/credentials/v2", OB3_CONTEXT],
    id: verificationUrl(issuer.url, row.id),
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: `${row.course_title}: certificate of completion`,
    issuer: { id: issuer.url, type: ["Profile"], name: issuer.name, url: issuer.url },
    validFrom: row.issued_at,
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [{ type: "IdentityObject", identityType: "name", hashed: false, identityHash: row.learner_name }],
      achievement: {
        id: `${issuer.url}/courses/${row.course_id ?? row.id}`,
        type: ["Achievement"],
        achievementType: "Course",
        name: row.course_title,
        description: `Completed the course ${row.course_title}${row.instructor_name ? `, taught by ${row.instructor_name}` : ""}.`,
        criteria: { narrative: "Completed every item the course's completion rule requires." },
      },
    },
  };
}
export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/** Signs the credential as a compact JWS with the platform key; `kid` names the key in the published JWKS. */
export async function signCredential(keys: SigningKeys, credential: OpenBadgeCredential, issuerUrl: string) {
  const key = await keys.current();
  return new SignJWT(credential as unknown as Record<string, unknown>)
    .setProtectedHeader({ alg: CREDENTIAL_ALG, typ: CREDENTIAL_TYP, kid: key.kid, jku: `${issuerUrl}${JWKS_PATH}` })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setIssuedAt(Math.floor(Date.parse(credential.validFrom) / 1000))
    .sign(key.privateKey);
}

/** The published key set: what anyone checks a credential's signature against. */
export async function publicJwks(keys: SigningKeys): Promise<{ keys: JWK[] }> {
  return { keys: [(await keys.current()).publicJwk] };
}

/** The credential a JWS carries when its signature is the platform's; null for a tampered or foreign one. */
export async function verifiedCredential(keys: SigningKeys, jws: string): Promise<OpenBadgeCredential | null> {
  try {
    const { payload } = await jwtVerify(jws, createLocalJWKSet(await publicJwks(keys)), {
      algorithms: [CREDENTIAL_ALG],
      typ: CREDENTIAL_TYP,
    });
    return payload as unknown as OpenBadgeCredential;
  } catch {
    return null;
  }
}

/** The certificate id a credential names (its id is the verification URL). */
export const certificateIdOf = (credential: OpenBadgeCredential): string | null =>
  typeof credential.id === "string" ? (credential.id.split("/").pop() ?? null) : null;

/** The credential says what the record says (a valid signature over another certificate's claims is no proof of this one). */
export const matchesRecord = (credential: OpenBadgeCredential, row: CertificateRow): boolean =>
  certificateIdOf(credential) === row.id &&
  credential.credentialSubject?.identifier?.[0]?.identityHash === row.learner_name &&
  credential.credentialSubject?.achievement?.name === row.course_title;
