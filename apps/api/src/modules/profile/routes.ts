import {
  avatarParamsSchema,
  avatarQuerySchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailParamsSchema,
  meResponseSchema,
  messageResponseSchema,
  PROFILE_MESSAGES,
  passwordChangedResponseSchema,
  publicProfileResponseSchema,
  updateProfileSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures, mediaFailures, uploadFailures } from "../../http/failures.js";
import { receiveUpload } from "../../http/upload.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { CredentialService } from "../auth/credentials.js";
import { presentUser } from "../users/present.js";
import { avatarPath, signedAvatar } from "./avatar-link.js";
import type { ProfileService } from "./service.js";

interface ProfileRouteDeps {
  guard: Guard;
  profile: ProfileService;
  credentials: CredentialService;
  storage: Storage;
  signer: UrlSigner;
  rateLimit: { max: number; windowMs: number };
}

const secured = { security: [{ bearerAuth: [] }] };
const tags = ["profile"];

/** The signed-in user's own account (issue 12): profile fields, password, e-mail and picture. */
export async function profileRoutes(app: FastifyInstance, deps: ProfileRouteDeps): Promise<void> {
  const { guard, profile, credentials, storage, signer, rateLimit } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  // Each of these checks a password: limited like sign-in, per address.
  const passwordChecked = { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } };
  const user = (data: Parameters<typeof presentUser>[0]) => ({ user: presentUser(data, signer) });

  r.get(
    "/users/me",
    {
      onRequest,
      config: { openWithoutTwoFactor: true },
      schema: { tags, ...secured, response: { 200: meResponseSchema, ...failures } },
    },
    async (request) => ({ success: true as const, data: user(currentUser(request)) }),
  );

  r.put(
    "/users/me",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Name, bio, location, phone and website, with the user form's rules; an empty optional field clears it.",
        body: updateProfileSchema,
        response: { 200: meResponseSchema, ...failures },
      },
    },
    async (request) => {
      const updated = await profile.update(currentUser(request), request.body, request.ip);
      return { success: true as const, data: user(updated), message: PROFILE_MESSAGES.updated.text };
    },
  );

  r.put(
    "/users/me/password",
    {
      onRequest,
      config: passwordChecked,
      schema: {
        tags,
        ...secured,
        description:
          "Needs the current password. Every other session is signed out (refresh tokens revoked, older access " +
          "tokens refused); the answer carries fresh tokens for this one.",
        body: changePasswordSchema,
        response: { 200: passwordChangedResponseSchema, ...failures, 429: failures[400] },
      },
    },
    async (request) => {
      const session = await credentials.changePassword(currentUser(request), request.body, request.ip);
      return { success: true as const, data: session, message: PROFILE_MESSAGES.passwordChanged.text };
    },
  );

  r.post(
    "/users/me/sign-out-others",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Signs out every other session of the account (refresh tokens revoked, older access tokens refused, " +
          "reset and e-mail-change links ended); the answer carries fresh tokens for this one.",
        response: { 200: passwordChangedResponseSchema, ...failures },
      },
    },
    async (request) => {
      const session = await credentials.signOutOthers(currentUser(request), request.ip);
      return { success: true as const, data: session, message: PROFILE_MESSAGES.signedOutOthers.text };
    },
  );

  r.put(
    "/users/me/email",
    {
      onRequest,
      config: passwordChecked,
      schema: {
        tags,
        ...secured,
        description: "Needs the current password; sends a confirmation link to the new address (valid one hour).",
        body: changeEmailSchema,
        response: { 200: messageResponseSchema, ...failures, 429: failures[400] },
      },
    },
    async (request) => {
      await credentials.requestEmailChange(currentUser(request), request.body);
      return { success: true as const, message: PROFILE_MESSAGES.emailChangeSent.text };
    },
  );

  r.post(
    "/auth/confirm-email/:token",
    {
      config: passwordChecked,
      schema: {
        tags,
        description: "Opens the link sent to the new address; needs no session (the link is the proof).",
        params: confirmEmailParamsSchema,
        response: { 200: messageResponseSchema, ...failures, 429: failures[400] },
      },
    },
    async (request) => {
      await credentials.confirmEmailChange(request.params.token, request.ip);
      return { success: true as const, message: PROFILE_MESSAGES.emailChanged.text };
    },
  );

  r.put(
    "/users/me/avatar",
    {
      onRequest,
      config: { multipartBody: { file: { name: "file", required: true } } },
      schema: {
        tags,
        ...secured,
        description:
          "multipart/form-data with the image in `file`: PNG, JPEG, GIF or WebP judged from the content, at most " +
          "2 MB (or maxFileSize if lower). Replaces the current picture.",
        consumes: ["multipart/form-data"],
        response: { 200: meResponseSchema, ...uploadFailures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { file } = await receiveUpload(request, storage, await profile.avatarUploadOptions());
      const updated = await profile.setAvatar(actor, file, request.ip);
      return { success: true as const, data: user(updated), message: PROFILE_MESSAGES.avatarUpdated.text };
    },
  );

  r.delete(
    "/users/me/avatar",
    { onRequest, schema: { tags, ...secured, response: { 200: meResponseSchema, ...failures } } },
    async (request) => {
      const updated = await profile.removeAvatar(currentUser(request), request.ip);
      return { success: true as const, data: user(updated), message: PROFILE_MESSAGES.avatarRemoved.text };
    },
  );

  r.get(
    "/users/:id/profile",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "What others may see of a user (no e-mail, phone or credits). A learner gets 403 for a profile its owner " +
          "made private; instructors and admins always see it.",
        params: avatarParamsSchema,
        response: { 200: publicProfileResponseSchema, ...failures },
      },
    },
    async (request) => {
      const shown = await profile.publicProfile(currentUser(request), request.params.id);
      return { success: true as const, data: { profile: { ...shown, avatar: signedAvatar(signer, shown.avatar) } } };
    },
  );

  r.get(
    "/users/:id/avatar",
    {
      schema: {
        tags,
        description:
          "A user's profile picture; 404 when they have none. A private profile's picture needs the signed, " +
          "expiring link that answers to people who may see the profile carry (403 without it).",
        params: avatarParamsSchema,
        querystring: avatarQuerySchema,
        response: mediaFailures,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, sig } = request.query;
      const file = await profile.avatarFile(id, signer.verify(avatarPath(id), expires, sig));
      reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      return sendStoredFile(request, reply, storage, file);
    },
  );
}
