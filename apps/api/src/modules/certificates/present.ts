import type { Certificate, CertificateVerification } from "@lms/contract";
import { type Issuer, verificationUrl } from "./credential.js";
import type { CertificateRow } from "./repo.js";

export const presentCertificate = (row: CertificateRow, publicUrl: string): Certificate => ({
  _id: row.id,
  courseId: row.course_id,
  courseTitle: row.course_title,
  learnerName: row.learner_name,
  instructorName: row.instructor_name,
  issuedAt: row.issued_at,
  revokedAt: row.revoked_at,
  revokedReason: row.revoked_reason,
  verificationUrl: verificationUrl(publicUrl, row.id),
});

/** The public view: no user id, no e-mail, nothing of the learner but the name printed on the certificate. */
export const presentVerification = (
  row: CertificateRow,
  issuer: Issuer,
  credentialValid: boolean,
): CertificateVerification => ({
  certificateId: row.id,
  status: row.revoked_at ? "revoked" : "valid",
  learnerName: row.learner_name,
  courseTitle: row.course_title,
  instructorName: row.instructor_name,
  issuedAt: row.issued_at,
  issuer,
  revokedAt: row.revoked_at,
  revokedReason: row.revoked_reason,
  credentialValid,
});
