import { z } from "zod";
import { envelope } from "./common.js";
import { LANGUAGES, THEMES } from "./constants.js";

/** The time zones offered (spec §3 Personal preferences); null follows the device's own zone. */
export const PREFERENCE_TIME_ZONES = [
  "UTC",
  "America/New_York",
  "America/Los_Angeles",
  "Europe/London",
  "Asia/Kolkata",
  "Asia/Tokyo",
] as const;
export const PROFILE_VISIBILITIES = ["public", "private"] as const;

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

export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { email: true, push: false, inApp: true },
  language: "en",
  timezone: null,
  theme: "system",
  compactMode: false,
  profileVisibility: "public",
};

export const PREFERENCE_MESSAGES = {
  saved: "Preferences saved",
  saveFailed: "Your preferences are kept on this device but could not be saved to your account.",
  profilePrivate: "This profile is private",
} as const;

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
