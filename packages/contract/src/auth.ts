import { z } from "zod";
import { envelope, messageResponseSchema } from "./common.js";
import { LIMITS } from "./constants.js";
import { MESSAGES } from "./messages.js";
import { emailSchema, nameSchema, strongPasswordSchema, userSchema } from "./users.js";

/** Login takes any non-empty strings: wrong formats simply fail authentication (spec §5 shows no rules). */
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.emailRequired).max(LIMITS.emailMax),
  password: z.string().min(1, MESSAGES.passwordRequired).max(LIMITS.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: strongPasswordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The web register form adds a confirmation field; the api only needs the three above. */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    error: MESSAGES.passwordsMismatch,
    path: ["confirmPassword"],
  });

export const authSessionSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export const authResponseSchema = envelope(authSessionSchema);
export type AuthSession = z.infer<typeof authSessionSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(256) });
export const refreshResponseSchema = envelope(z.object({ token: z.string(), refreshToken: z.string() }));

export const logoutRequestSchema = z.object({ refreshToken: z.string().max(256).optional() });

export const profileResponseSchema = envelope(z.object({ user: userSchema }));

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(LIMITS.resetPasswordMin, MESSAGES.resetPasswordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong);
export const resetPasswordRequestSchema = z.object({ password: resetPasswordSchema });
export const resetPasswordFormSchema = z
  .object({ password: resetPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    error: MESSAGES.passwordsMismatch,
    path: ["confirmPassword"],
  });
export const resetTokenParamsSchema = z.object({ resetToken: z.string().min(1).max(256) });
/** A reset link's purpose: "invite" for the set-password link of an invitation (issue 21). */
export const RESET_LINK_PURPOSES = ["reset", "invite"] as const;
export const resetTokenCheckResponseSchema = envelope(
  z.object({ valid: z.literal(true), email: z.string(), purpose: z.enum(RESET_LINK_PURPOSES) }),
);

/** POST /auth/reset-password/{token}: for an invitation's link, also the new user's session (issue 21). */
export const resetPasswordResponseSchema = messageResponseSchema.extend({ data: authSessionSchema.optional() });
