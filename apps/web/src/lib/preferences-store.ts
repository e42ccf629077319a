import {
  DEFAULT_PREFERENCES,
  LANGUAGES,
  PREFERENCE_TIME_ZONES,
  PROFILE_VISIBILITIES,
  type Preferences,
  STORAGE_KEYS,
  THEMES,
} from "@lms/contract";
import { browserLanguage } from "@/i18n/languages";

// Checked by hand rather than with the contract's preferencesSchema: this runs on every first load, and
// zod would add ~22 KB gzipped to it (ARCHITECTURE §9). preferences-store.test.ts holds it to the schema.

const oneOf = <T>(options: readonly T[], value: unknown): value is T => options.includes(value as T);
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const hasOnlyKeys = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).every((key) => keys.includes(key));

/** The stored value as preferences (unset keys take the defaults), or null when anything in it is wrong. */
export function parseLocalPreferences(
  stored: unknown,
  defaults: Preferences = DEFAULT_PREFERENCES,
): Preferences | null {
  if (stored !== null && !isRecord(stored)) return null;
  const merged: Record<string, unknown> = { ...defaults, ...stored };
  const { notifications, language, timezone, theme, compactMode, profileVisibility } = merged;
  if (!hasOnlyKeys(merged, Object.keys(DEFAULT_PREFERENCES))) return null;
  if (!isRecord(notifications) || !hasOnlyKeys(notifications, ["email", "push", "inApp"])) return null;
  const { email, push, inApp } = notifications;
  if (!isBoolean(email) || !isBoolean(push) || !isBoolean(inApp)) return null;
  if (!oneOf(LANGUAGES, language) || !oneOf(THEMES, theme) || !oneOf(PROFILE_VISIBILITIES, profileVisibility))
    return null;
  if (timezone !== null && !oneOf(PREFERENCE_TIME_ZONES, timezone)) return null;
  if (!isBoolean(compactMode)) return null;
  return { notifications: { email, push, inApp }, language, timezone, theme, compactMode, profileVisibility };
}

/**
 * The preferences kept in this browser (also before signing in); unreadable ones fall back to the
 * defaults, in the browser's language until one is chosen.
 */
export function readLocalPreferences(): Preferences {
  const defaults = { ...DEFAULT_PREFERENCES, language: browserLanguage() };
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.preferences) ?? "null");
    return parseLocalPreferences(stored, defaults) ?? defaults;
  } catch {
    return defaults;
  }
}

export function writeLocalPreferences(preferences: Preferences): void {
  localStorage.setItem(STORAGE_KEYS.preferences, JSON.stringify(preferences));
}
