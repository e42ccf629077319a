import { messageGroup } from "./catalogued-message.js";
import type { Preferences } from "./preferences.js";

// Kept apart from the schemas (no zod here), so the web app's first load can use them without zod.

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

export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { email: true, push: false, inApp: true },
  language: "en",
  timezone: null,
  theme: "system",
  compactMode: false,
  profileVisibility: "public",
};

export const PREFERENCE_MESSAGES = messageGroup("PREFERENCE_MESSAGES", {
  saved: "Preferences saved",
  saveFailed: "Your preferences are kept on this device but could not be saved to your account.",
  profilePrivate: "This profile is private",
});
