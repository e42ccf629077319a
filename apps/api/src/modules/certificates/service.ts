import { CERTIFICATE_MESSAGES as C, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { conflict, forbidden, notFound } from "../../http/errors.js";
import { type Actor, canDownloadCertificate } from "../../policies/index.js";
import { logActivity } from "../activities/repo.js";
import { preferencesOf } from "../preferences/repo.js";
import { getSystemSettings } from "../settings/repo.js";
import {
  certificateIdOf,
  type Issuer,
  matchesRecord,
  openBadgeCredential,
  publicJwks,
  signCredential,
  verificationUrl,
  verifiedCredential,
} from "./credential.js";
import { renderCertificatePdf } from "./pdf.js";
import { presentCertificate, presentVerification } from "./present.js";
import * as repo from "./repo.js";
import type { SigningKeys } from "./signing-key.js";

/**
 * Certificates of completed courses (issue 23): issued by the completion rule (issue.ts); here
 * they are listed, downloaded as a PDF and as a signed Open Badges 3.0 credential, verified by
 * anyone, and revoked by admins.
 */
export function createCertificateService(deps: {
  db: Kysely<Database>;
  keys: SigningKeys;
  publicUrl: string;
  now: () => Date;
}) {
  const { db, keys, publicUrl, now } = deps;

  const issuer = async (): Promise<Issuer> => ({ name: (await getSystemSettings(db)).siteName, url: publicUrl });

  async function mustFind(id: string) {
    const row = await repo.findCertificate(db, id);
    if (!row) throw notFound(C.notFound);
    return row;
  }

  async function downloadable(actor: Actor, id: string) {
    const row = await mustFind(id);
    if (!canDownloadCertificate(actor, row)) throw forbidden(C.notYours);
    return row;
  }

  /** The stored credential, signed on first use and kept: later changes to the site never alter it. */
  async function credentialOf(row: repo.CertificateRow): Promise<string> {
    if (row.credential) return row.credential;
    const jws = await signCredential(keys, openBadgeCredential(row, await issuer()), publicUrl);
    return repo.keepCredential(db, row.id, jws);
  }

  /** The public answer for a certificate, its stored credential checked against the published key. */
  async function verificationOf(row: repo.CertificateRow) {
    const credential = await verifiedCredential(keys, await credentialOf(row));
    return presentVerification(row, await issuer(), credential !== null && matchesRecord(credential, row));
  }

  return {
    async mine(actor: Actor) {
      return (await repo.certificatesOf(db, actor.id)).map((row) => presentCertificate(row, publicUrl));
    },

    async ofUser(userId: string) {
      const user = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
      if (!user) throw notFound(MESSAGES.userNotFound);
      return (await repo.certificatesOf(db, userId)).map((row) => presentCertificate(row, publicUrl));
    },

    async pdf(actor: Actor, id: string) {
      const row = await downloadable(actor, id);
      const timeZone = (await preferencesOf(db, row.user_id)).timezone ?? "UTC";
      const { siteName } = await getSystemSettings(db);
      const body = await renderCertificatePdf({
        certificate: row,
        siteName,
        verificationUrl: verificationUrl(publicUrl, row.id),
        timeZone,
      });
      return { body, fileName: `certificate-${row.id}.pdf` };
    },

    async credential(actor: Actor, id: string) {
      const row = await downloadable(actor, id);
      return { body: await credentialOf(row), fileName: `certificate-${row.id}.jwt` };
    },

    jwks: () => publicJwks(keys),

    verify: async (id: string) => verificationOf(await mustFind(id)),

    /** A credential someone holds: its signature first; only then is the certificate it names looked up. */
    async check(jws: string) {
      const credential = await verifiedCredential(keys, jws);
      const id = credential && certificateIdOf(credential);
      const row = id ? await repo.findCertificate(db, id) : undefined;
      if (!credential || !row || !matchesRecord(credential, row)) return { signatureValid: false, verification: null };
      return { signatureValid: true, verification: await verificationOf(row) };
    },

    async revoke(actor: Actor, id: string, reason: string) {
      const row = await mustFind(id);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.revokeCertificate(trx, row.id, { reason, by: actor.id, at })))
          throw conflict(C.alreadyRevoked);
        await logActivity(trx, {
          userId: actor.id,
          type: "admin_action",
          title: `Revoked the certificate ${row.id}`,
          description: `${row.learner_name}, ${row.course_title}: ${reason}`,
          courseId: row.course_id ?? undefined,
          metadata: { certificateId: row.id, learnerId: row.user_id, reason },
        });
      });
      return presentCertificate(await mustFind(id), publicUrl);
    },
  };
}
export type CertificateService = ReturnType<typeof createCertificateService>;
