import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  recoveryCodesResponseSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorDisabledResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import type { AuthService } from "../auth/service.js";
import type { TwoFactorService } from "./service.js";

const secured = { tags: ["profile"], security: [{ bearerAuth: [] }] };

/** One's own two-factor sign-in (issue 12); open to an admin who must still set it up. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  {
    guard,
    twoFactor,
    auth,
    rateLimit,
  }: { guard: Guard; twoFactor: TwoFactorService; auth: AuthService; rateLimit: { max: number; windowMs: number } },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const config = { openWithoutTwoFactor: true, touchesNoCachedData: true };
  // Turning it on or off ends the account's sessions: the user's cached row must go (write-scopes.ts).
  const codeChecked = { openWithoutTwoFactor: true, rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } };

  r.get(
    "/users/me/two-factor",
    { onRequest, config, schema: { ...secured, response: { 200: twoFactorStatusResponseSchema, ...failures } } },
    async (request) => ({ success: true as const, data: { twoFactor: await twoFactor.status(currentUser(request)) } }),
  );

  r.post(
    "/users/me/two-factor/setup",
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description:
          "A new secret with its otpauth:// address and QR code (a PNG data URL). Nothing changes until enable.",
        response: { 200: twoFactorSetupResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await twoFactor.setup(currentUser(request)) }),
  );

  r.post(
    "/users/me/two-factor/enable",
    {
      onRequest,
      config: codeChecked,
      schema: {
        ...secured,
        description:
          "The password and a first code of the new secret turn two-factor sign-in on; answers the ten recovery " +
          "codes, once. Every session of the account ends (access and refresh tokens, reset and e-mail-change " +
          "links); `session` carries fresh tokens for this one.",
        body: enableTwoFactorSchema,
        response: { 200: recoveryCodesResponseSchema, ...failures, 429: failures[400] },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { password, code } = request.body;
      const recoveryCodes = await twoFactor.enable(user, password, code, request.ip);
      const session = await auth.startSession(user);
      return { success: true as const, data: { recoveryCodes, session }, message: TWO_FACTOR_MESSAGES.enabled.text };
    },
  );

  r.post(
    "/users/me/two-factor/disable",
    {
      onRequest,
      config: codeChecked,
      schema: {
        ...secured,
        description:
          "Needs the password and a code (or a recovery code). Every session of the account ends; `session` " +
          "carries fresh tokens for this one.",
        body: disableTwoFactorSchema,
        response: { 200: twoFactorDisabledResponseSchema, ...failures, 429: failures[400] },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { password, code } = request.body;
      await twoFactor.disable(user, password, code, request.ip);
      const session = await auth.startSession(user);
      return { success: true as const, data: { session }, message: TWO_FACTOR_MESSAGES.disabled.text };
    },
  );
}
