import type { Insertable, Kysely, Selectable } from "kysely";
import type { CertificatesTable, Database } from "../../db/types.js";

type Db = Kysely<Database>;
export type CertificateRow = Selectable<CertificatesTable>;

/** Inserts the certificates not issued yet; answers those inserted (a learner's second one is dropped). */
export const insertCertificates = (db: Db, rows: Insertable<CertificatesTable>[]) =>
  rows.length === 0
    ? Promise.resolve([])
    : db
        .insertInto("certificates")
        .values(rows)
        .onConflict((oc) => oc.columns(["user_id", "course_id"]).doNothing())
        .returning(["id", "user_id"])
        .execute();

export const findCertificate = (db: Db, id: string) =>
  db.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst();

/** A learner's certificates, newest first. */
export const certificatesOf = (db: Db, userId: string) =>
  db
    .selectFrom("certificates")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .execute();

/** Keeps the first credential made for a certificate (two processes may sign at once); answers the kept one. */
export async function keepCredential(db: Db, id: string, credential: string): Promise<string> {
  await db
    .updateTable("certificates")
    .set({ credential })
    .where("id", "=", id)
    .where("credential", "is", null)
    .execute();
  const row = await db.selectFrom("certificates").select("credential").where("id", "=", id).executeTakeFirst();
  return row?.credential ?? credential;
}

/** Revokes a valid certificate; false when it was revoked already. */
export async function revokeCertificate(
  db: Db,
  id: string,
  revocation: { reason: string; by: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("certificates")
    .set({ revoked_at: revocation.at, revoked_reason: revocation.reason, revoked_by: revocation.by })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
