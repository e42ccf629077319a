import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { idSchema } from "./ids.js";

/** Certificates of completed courses and their Open Badges 3.0 credentials (issue 23). */
export const CERTIFICATE_LIMITS = {
  reasonMax: 500,
  /** A pasted credential (a compact JWS) longer than this is no credential of ours. */
  credentialMax: 20_000,
} as const;

/** 128 random bits in lowercase base32 (RFC 4648 alphabet, no padding): unguessable, URL-safe. */
export const CERTIFICATE_ID_PATTERN = /^[a-z2-7]{26}$/;

export const CERTIFICATE_MESSAGES = messageGroup("CERTIFICATE_MESSAGES", {
  invalidId: "Invalid certificate id",
  notFound: "Certificate not found",
  notYours: "Only the certificate's learner and admins may download it",
  reasonRequired: "Give the reason for revoking",
  reasonTooLong: `The reason must be at most ${CERTIFICATE_LIMITS.reasonMax} characters`,
  alreadyRevoked: "This certificate has already been revoked",
  revoked: "Certificate revoked",
  credentialRequired: "Paste a credential",
  credentialTooLong: `A credential is at most ${CERTIFICATE_LIMITS.credentialMax} characters`,
});
const M = CERTIFICATE_MESSAGES;

export const certificateIdSchema = z.string().trim().toLowerCase().regex(CERTIFICATE_ID_PATTERN, M.invalidId);
export const certificateParamsSchema = z.object({ certificateId: certificateIdSchema });
export const userCertificatesParamsSchema = z.object({ id: idSchema });

/** A certificate as its learner (and an admin) sees it. */
export const certificateSchema = z.object({
  _id: z.string(),
  courseId: z.string().nullable(),
  courseTitle: z.string(),
  learnerName: z.string(),
  instructorName: z.string().nullable(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** The public verification page. */
  verificationUrl: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificatesResponseSchema = envelope(z.object({ certificates: z.array(certificateSchema) }));
export const certificateResponseSchema = envelope(z.object({ certificate: certificateSchema }));

/** POST /api/admin/certificates/{certificateId}/revoke */
export const certificateRevokeSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .max(CERTIFICATE_LIMITS.reasonMax, M.reasonTooLong),
});
export type CertificateRevoke = z.infer<typeof certificateRevokeSchema>;

export const CERTIFICATE_STATUSES = ["valid", "revoked"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/**
 * What anyone may learn of a certificate: whether it holds, for whom, for which course, when and
 * by whom it was issued; nothing else about the learner.
 */
export const certificateVerificationSchema = z.object({
  certificateId: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  learnerName: z.string(),
  courseTitle: z.string(),
  instructorName: z.string().nullable(),
  issuedAt: z.string(),
  issuer: z.object({ name: z.string(), url: z.string() }),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** The stored credential's signature checks against the platform's published key, and says what the record says. */
  credentialValid: z.boolean(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export const certificateVerificationResponseSchema = envelope(certificateVerificationSchema);

/** POST /api/certificates/verify: a credential someone was given (the compact VC-JWT). */
export const credentialCheckSchema = z.object({
  credential: z
    .string({ error: M.credentialRequired })
    .trim()
    .min(1, M.credentialRequired)
    .max(CERTIFICATE_LIMITS.credentialMax, M.credentialTooLong),
});

/**
 * A pasted credential's check: `signatureValid` false for a tampered or foreign one (then nothing
 * else is read from it); otherwise the certificate it names, as the verification page shows it.
 */
export const credentialCheckResultSchema = z.object({
  signatureValid: z.boolean(),
  verification: certificateVerificationSchema.nullable(),
});
export type CredentialCheckResult = z.infer<typeof credentialCheckResultSchema>;
export const credentialCheckResponseSchema = envelope(credentialCheckResultSchema);
