import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { LIMITS } from "./constants.js";
import { signedMediaQuerySchema, userIdSchema } from "./ids.js";
import { MESSAGES } from "./messages.js";
import { updateUserSchema } from "./user-admin.js";
import { emailSchema, strongPasswordSchema, userSchema } from "./users.js";

/** Strings of the profile page and its api (issue 12); the field rules reuse the user form's (spec §5). */
export const PROFILE_MESSAGES = messageGroup("PROFILE_MESSAGES", {
  updated: "Profile updated successfully",
  nothingToChange: "Change at least one field",
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Current password is incorrect",
  samePassword: "The new password must differ from the current one",
  passwordChanged: "Password changed. Other devices have been signed out.",
  emailSame: "This is already your e-mail address",
  emailChangeSent: "We sent a confirmation link to the new address. Your e-mail changes when you open it.",
  emailChangeInvalid: "This confirmation link is invalid or has expired.",
  emailChanged: "Your e-mail address has been changed.",
  avatarUpdated: "Profile picture updated",
  avatarRemoved: "Profile picture removed",
  avatarNotImage: "Choose a PNG, JPEG, GIF or WebP image",
  avatarMissing: "No profile picture",
  loginPrompt: "Please log in to view your profile.",
  signedOutOthers: "You have been signed out of all other devices.",
});

/** Profile pictures: images a browser shows, judged from the content; at most this many MB (or maxFileSize if lower). */
export const AVATAR_TYPES = ["png", "jpg", "gif", "webp"] as const;
export const AVATAR_MAX_MB = 2;

/** PUT /users/me: one's own name and profile fields, with the user form's rules; role, status, credits and e-mail are not here. */
export const updateProfileSchema = updateUserSchema
  .pick({ name: true, bio: true, location: true, phone: true, website: true })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: PROFILE_MESSAGES.nothingToChange,
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

const currentPasswordSchema = z
  .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
  .min(1, PROFILE_MESSAGES.currentPasswordRequired)
  .max(LIMITS.passwordMax, PROFILE_MESSAGES.currentPasswordWrong);

/** PUT /users/me/password. */
export const changePasswordSchema = z
  .object({ currentPassword: currentPasswordSchema, newPassword: strongPasswordSchema })
  .refine((body) => body.currentPassword !== body.newPassword, {
    error: PROFILE_MESSAGES.samePassword,
    path: ["newPassword"],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The change-password dialog adds a confirmation field. */
export const changePasswordFormSchema = z
  .object({ currentPassword: currentPasswordSchema, newPassword: strongPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: MESSAGES.passwordsMismatch,
    path: ["confirmPassword"],
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    error: PROFILE_MESSAGES.samePassword,
    path: ["newPassword"],
  });

/** PUT /users/me/email: asks for a confirmation link at the new address. */
export const changeEmailSchema = z.object({ newEmail: emailSchema, currentPassword: currentPasswordSchema });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const confirmEmailParamsSchema = z.object({ token: z.string().min(1).max(256) });

export const avatarParamsSchema = z.object({ id: userIdSchema });
/** The picture link's version (cache busting) and, for a private profile, its signature. */
export const avatarQuerySchema = z.object({
  v: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  expires: signedMediaQuerySchema.shape.expires.optional(),
  sig: signedMediaQuerySchema.shape.sig.optional(),
});

export const meResponseSchema = envelope(z.object({ user: userSchema }));

/** A password change ends every other session and gives this one fresh tokens. */
export const passwordChangedResponseSchema = envelope(
  z.object({ token: z.string(), refreshToken: z.string(), user: userSchema }),
);
