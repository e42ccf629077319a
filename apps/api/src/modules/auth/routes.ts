import {
  authResponseSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  MESSAGES,
  messageResponseSchema,
  profileResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  resetTokenCheckResponseSchema,
  resetTokenParamsSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorLoginSchema,
} from "@lms/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accessToken, currentUser, type Guard } from "../../auth/guard.js";
import { limitAddressAcrossEmails } from "../../http/address-limit.js";
import type { AuthService } from "./service.js";

interface AuthRouteDeps {
  auth: AuthService;
  guard: Guard;
  rateLimit: { max: number; addressMax: number; windowMs: number };
}

const failures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/** Per client address and per e-mail, so one attacker cannot lock out everyone behind a shared address. */
function limitPerAddressAndEmail({ max, windowMs }: AuthRouteDeps["rateLimit"]) {
  return {
    openDuringMaintenance: true,
    rateLimit: {
      max,
      timeWindow: windowMs,
      keyGenerator: (request: FastifyRequest) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${request.ip}|${typeof email === "string" ? email.trim().toLowerCase() : ""}`;
      },
    },
  };
}

/** Signing in, refreshing and password reset stay open during maintenance so admins can get in. */
function limitPerAddress({ max, windowMs }: AuthRouteDeps["rateLimit"], openDuringMaintenance = true) {
  return { openDuringMaintenance, rateLimit: { max, timeWindow: windowMs } };
}

export async function authRoutes(app: FastifyInstance, { auth, guard, rateLimit }: AuthRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const addressLimit = { max: rateLimit.addressMax, windowMs: rateLimit.windowMs };

  r.post(
    "/auth/login",
    {
      config: limitPerAddressAndEmail(rateLimit),
      preHandler: limitAddressAcrossEmails(app, "login", addressLimit),
      schema: {
        tags: ["auth"],
        description:
          "The session; or, for an account with two-factor sign-in, `{ twoFactorRequired: true, challenge }` " +
          "and no tokens until POST /auth/login/two-factor answers the challenge with a code. 429: too many " +
          "attempts per client address and e-mail or per address, or the account's sign-in is locked after " +
          "too many failed passwords or codes (`MESSAGES.accountLocked`, Retry-After: the seconds left). 503 " +
          "with Retry-After: too many sign-ins are waiting for a password check.",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...failures },
      },
    },
    async (request) => {
      const result = await auth.login(request.body.email, request.body.password, request.ip);
      const message = ("challenge" in result ? TWO_FACTOR_MESSAGES.challengeSent : MESSAGES.loginSuccessBody).text;
      return { success: true as const, data: result, message };
    },
  );

  r.post(
    "/auth/login/two-factor",
    {
      config: limitPerAddress(rateLimit),
      schema: {
        tags: ["auth"],
        description:
          "The second step of a two-factor sign-in: the login's challenge with a TOTP or recovery code. A " +
          "challenge lasts 5 minutes and allows 5 codes.",
        body: twoFactorLoginSchema,
        response: { 200: authResponseSchema, ...failures },
      },
    },
    async (request) => {
      const session = await auth.loginWithCode(request.body.challenge, request.body.code, request.ip);
      return { success: true as const, data: session, message: MESSAGES.loginSuccessBody.text };
    },
  );

  r.post(
    "/auth/register",
    {
      config: limitPerAddress(rateLimit, false),
      schema: {
        tags: ["auth"],
        body: registerRequestSchema,
        response: { 201: authResponseSchema, 409: errorResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const session = await auth.register(request.body);
      return reply.status(201).send({ success: true as const, data: session, message: MESSAGES.registerSuccess.text });
    },
  );

  r.post(
    "/auth/refresh-token",
    {
      config: limitPerAddress({ ...rateLimit, max: rateLimit.max * 10 }),
      schema: { tags: ["auth"], body: refreshRequestSchema, response: { 200: refreshResponseSchema, ...failures } },
    },
    async (request) => ({ success: true as const, data: await auth.refresh(request.body.refreshToken) }),
  );

  r.post(
    "/auth/logout",
    {
      config: { openDuringMaintenance: true, openWithoutTwoFactor: true },
      preHandler: guard.authenticate,
      schema: {
        tags: ["auth"],
        security: [{ bearerAuth: [] }],
        body: logoutRequestSchema.optional(),
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await auth.logout(request.body?.refreshToken, currentUser(request), accessToken(request), request.ip);
      return { success: true as const, message: MESSAGES.logoutSuccess.text };
    },
  );

  r.get(
    "/auth/profile",
    {
      config: { openWithoutTwoFactor: true },
      preHandler: guard.authenticate,
      schema: { tags: ["auth"], security: [{ bearerAuth: [] }], response: { 200: profileResponseSchema, ...failures } },
    },
    async (request) => ({ success: true as const, data: { user: await auth.presentSelf(currentUser(request)) } }),
  );

  r.post(
    "/auth/forgot-password",
    {
      config: limitPerAddressAndEmail(rateLimit),
      preHandler: limitAddressAcrossEmails(app, "forgot-password", addressLimit),
      schema: {
        tags: ["auth"],
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { success: true as const, message: MESSAGES.resetEmailSent.text };
    },
  );

  r.get(
    "/auth/reset-password/:resetToken",
    {
      config: limitPerAddress(rateLimit),
      schema: {
        tags: ["auth"],
        params: resetTokenParamsSchema,
        response: { 200: resetTokenCheckResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { email, purpose } = await auth.checkResetToken(request.params.resetToken);
      return { success: true as const, data: { valid: true as const, email, purpose } };
    },
  );

  r.post(
    "/auth/reset-password/:resetToken",
    {
      config: limitPerAddress(rateLimit),
      schema: {
        tags: ["auth"],
        params: resetTokenParamsSchema,
        description:
          "Sets the password. For an invitation's link (`purpose: invite` in the GET answer) the answer also " +
          "holds the new user's session in `data`, unless they cannot sign in now (inactive, maintenance) " +
          "or have two-factor sign-in on. An expired or used invitation answers 400 `MESSAGES.invitationExpired`.",
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, ...failures },
      },
    },
    async (request) => {
      const session = await auth.resetPassword(request.params.resetToken, request.body.password, request.ip);
      if (session) return { success: true as const, data: session, message: MESSAGES.invitationAccepted.text };
      return { success: true as const, message: MESSAGES.resetSuccess.text };
    },
  );
}
