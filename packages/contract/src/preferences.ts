import { z } from "zod";
import { envelope } from "./common.js";
import { LANGUAGES, THEMES } from "./constants.js";
import { PREFERENCE_TIME_ZONES, PROFILE_VISIBILITIES } from "./preference-constants.js";

/**
 * A user's own preferences (spec §3), kept in the browser and saved to the account so they follow
 * the user to another device (issue 12). `notifications.email` off stops the product's non-security
 * e-mails to them; `profileVisibility` private hides their profile from other learners.
 */
export const preferencesSchema = z
  .object({
    notifications: z.object({ email: z.boolean(), push: z.boolean(), inApp: z.boolean() }).strict(),
    language: z.enum(LANGUAGES),
    timezone: z.enum(PREFERENCE_TIME_ZONES).nullable(),
    theme: z.enum(THEMES),
    compactMode: z.boolean(),
    profileVisibility: z.enum(PROFILE_VISIBILITIES),
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

/** `updatedAt` null: never saved to the account (the defaults are shown; a device may adopt its own). */
export const preferencesResponseSchema = envelope(
  z.object({ preferences: preferencesSchema, updatedAt: z.string().nullable() }),
);

/** What others may see of a user (GET /users/{id}/profile): never the e-mail, phone or credits. */
export const publicProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
});
export const publicProfileResponseSchema = envelope(z.object({ profile: publicProfileSchema }));
