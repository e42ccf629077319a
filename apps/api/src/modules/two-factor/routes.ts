import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import type { TwoFactorService } from "./service.js";

const secured = { tags: ["profile"], security: [{ bearerAuth: [] }] };

/** One's own two-factor sign-in (issue 12); open to an admin who must still set it up. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  {
    guard,
    twoFactor,
    rateLimit,
  }: { guard: Guard; twoFactor: TwoFactorService; rateLimit: { max: number; windowMs: number } },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const config = { openWithoutTwoFactor: true, touchesNoCachedData: true };
  const codeChecked = { ...config, rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } };

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
          "A first code of the new secret turns two-factor sign-in on; answers the ten recovery codes, once.",
        body: enableTwoFactorSchema,
        response: { 200: recoveryCodesResponseSchema, ...failures, 429: failures[400] },
      },
    },
    async (request) => {
      const recoveryCodes = await twoFactor.enable(currentUser(request), request.body.code, request.ip);
      return { success: true as const, data: { recoveryCodes }, message: TWO_FACTOR_MESSAGES.enabled };
    },
  );

  r.post(
    "/users/me/two-factor/disable",
    {
      onRequest,
      config: codeChecked,
      schema: {
        ...secured,
        description: "Needs the password and a code (or a recovery code).",
        body: disableTwoFactorSchema,
        response: { 200: messageResponseSchema, ...failures, 429: failures[400] },
      },
    },
    async (request) => {
      const { password, code } = request.body;
      await twoFactor.disable(currentUser(request), password, code, request.ip);
      return { success: true as const, message: TWO_FACTOR_MESSAGES.disabled };
    },
  );
}
