import {
  CERTIFICATE_MESSAGES as C,
  certificateParamsSchema,
  certificateResponseSchema,
  certificateRevokeSchema,
  certificatesResponseSchema,
  certificateVerificationResponseSchema,
  credentialCheckResponseSchema,
  credentialCheckSchema,
  userCertificatesParamsSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canManageCertificates } from "../../policies/index.js";
import { JWKS_PATH } from "./credential.js";
import type { CertificateService } from "./service.js";

const tags = ["certificates"];
const secured = { security: [{ bearerAuth: [] }], tags };
/** Public lookups: by address, generous for a page view, tight enough to make scanning pointless. */
const publicLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };
const noCachedData = { touchesNoCachedData: true };
const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** A learner's own file: never kept by a shared cache. */
const sendDownload = (reply: FastifyReply, file: { body: Buffer | string; fileName: string; type: string }) =>
  reply
    .header("content-type", file.type)
    .header("cache-control", "private, no-store")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .send(file.body);

/** Certificates of completed courses and their verification (issue 23). */
export async function certificateRoutes(
  app: FastifyInstance,
  { guard, certificates }: { guard: Guard; certificates: CertificateService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const admins = allowOnly(guard, canManageCertificates);

  r.get(
    "/certificates/mine",
    {
      onRequest,
      schema: {
        ...secured,
        description: "The caller's certificates, newest first (revoked ones say so).",
        response: { 200: certificatesResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { certificates: await certificates.mine(currentUser(request)) },
    }),
  );

  r.get(
    "/certificates/:certificateId/pdf",
    {
      onRequest,
      schema: {
        ...secured,
        description: "The certificate as a PDF (application/pdf): for its learner and admins (403 otherwise).",
        params: certificateParamsSchema,
        produces: ["application/pdf"],
        response: failures,
      },
    },
    async (request, reply) => {
      const { body, fileName } = await certificates.pdf(currentUser(request), request.params.certificateId);
      return sendDownload(reply, { body, fileName, type: "application/pdf" });
    },
  );

  r.get(
    "/certificates/:certificateId/credential",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "The certificate as an Open Badges 3.0 credential: a W3C Verifiable Credential signed as a VC-JWT " +
          `(application/vc+jwt, EdDSA; the key is published at ${JWKS_PATH}). For its learner and admins.`,
        params: certificateParamsSchema,
        produces: ["application/vc+jwt"],
        response: failures,
      },
    },
    async (request, reply) => {
      const { body, fileName } = await certificates.credential(currentUser(request), request.params.certificateId);
      return sendDownload(reply, { body, fileName, type: "application/vc+jwt" });
    },
  );

  r.get(
    "/certificates/jwks",
    {
      config: publicLimit,
      schema: {
        tags,
        description: "The platform's public credential-signing keys (a JSON Web Key Set); public.",
        response: { 200: jwksSchema, ...failures },
      },
    },
    async (_request, reply) => reply.header("cache-control", "public, max-age=300").send(await certificates.jwks()),
  );

  r.get(
    "/certificates/:certificateId/verification",
    {
      config: publicLimit,
      schema: {
        tags,
        description:
          "Whether a certificate is valid or revoked, for whom, for which course, when and by whom it was issued, " +
          "and whether its stored credential's signature checks; public, nothing else about the learner.",
        params: certificateParamsSchema,
        response: { 200: certificateVerificationResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await certificates.verify(request.params.certificateId) }),
  );

  r.post(
    "/certificates/verify",
    {
      config: { ...publicLimit, ...noCachedData },
      schema: {
        tags,
        description:
          "Checks a credential someone was given (the compact VC-JWT): its signature against the platform's key, " +
          "then the certificate it names. A tampered or foreign credential answers signatureValid false.",
        body: credentialCheckSchema,
        response: { 200: credentialCheckResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await certificates.check(request.body.credential) }),
  );

  r.get(
    "/admin/users/:id/certificates",
    {
      onRequest: admins,
      schema: {
        ...secured,
        description: "A user's certificates, for admins (to revoke one).",
        params: userCertificatesParamsSchema,
        response: { 200: certificatesResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { certificates: await certificates.ofUser(request.params.id) },
    }),
  );

  r.post(
    "/admin/certificates/:certificateId/revoke",
    {
      onRequest: admins,
      config: noCachedData,
      schema: {
        ...secured,
        description: "Revokes a certificate with a reason; its verification page then says revoked. Admins only.",
        params: certificateParamsSchema,
        body: certificateRevokeSchema,
        response: { 200: certificateResponseSchema, ...failures },
      },
    },
    async (request) => {
      const certificate = await certificates.revoke(
        currentUser(request),
        request.params.certificateId,
        request.body.reason,
      );
      return { success: true as const, data: { certificate }, message: C.revoked.text };
    },
  );
}
