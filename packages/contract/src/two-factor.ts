import { z } from "zod";
import { authSessionSchema } from "./auth.js";
import type { CataloguedMessage } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { LIMITS } from "./constants.js";
import { MESSAGES } from "./messages.js";
import { TWO_FACTOR_MESSAGES } from "./two-factor-messages.js";

export const RECOVERY_CODE_COUNT = 10;
/** A sign-in waits this long for its code, and allows this many wrong ones. */
export const TWO_FACTOR_CHALLENGE = { minutes: 5, attempts: 5 } as const;

/** A 6-digit TOTP code (spaces ignored) or a recovery code such as "7k2qd-9xw4m". */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, "").toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, TWO_FACTOR_MESSAGES.codeRequired));

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The site requires it for this account (an admin while requireTwoFactorForAdmins is on). */
  required: z.boolean(),
});
export const twoFactorStatusResponseSchema = envelope(z.object({ twoFactor: twoFactorStatusSchema }));

/** POST /users/me/two-factor/setup: a new secret to scan; nothing changes until a first code confirms it. */
export const twoFactorSetupResponseSchema = envelope(
  z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
);

const passwordSchema = (required: CataloguedMessage) =>
  z.string({ error: required }).min(1, required).max(LIMITS.passwordMax, MESSAGES.invalidCredentials);

/** The password too, so a stolen session cannot turn two-factor on and lock the owner out. */
export const enableTwoFactorSchema = z.object({
  password: passwordSchema(TWO_FACTOR_MESSAGES.passwordRequired),
  code: twoFactorCodeSchema,
});
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>;
/** Turning two-factor on ends every other session; `session` keeps the caller signed in. */
export const recoveryCodesResponseSchema = envelope(
  z.object({ recoveryCodes: z.array(z.string()), session: authSessionSchema }),
);
/** Turning two-factor off ends every other session; `session` keeps the caller signed in. */
export const twoFactorDisabledResponseSchema = envelope(z.object({ session: authSessionSchema }));

export const disableTwoFactorSchema = z.object({
  password: passwordSchema(MESSAGES.passwordRequired),
  code: twoFactorCodeSchema,
});

/** The login answer for an account with two-factor sign-in: no tokens until the code is given. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export const loginResponseSchema = envelope(z.union([authSessionSchema, twoFactorChallengeSchema]));

export const twoFactorLoginSchema = z.object({ challenge: z.string().min(1).max(256), code: twoFactorCodeSchema });
