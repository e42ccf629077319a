import { DEFAULT_PREFERENCES, type Preferences, preferencesSchema, STORAGE_KEYS } from "@lms/contract";
import { browserLanguage } from "@/i18n/languages";

/**
 * The preferences kept in this browser (also before signing in); unreadable ones fall back to the
 * defaults, in the browser's language until one is chosen.
 */
export function readLocalPreferences(): Preferences {
  const defaults = { ...DEFAULT_PREFERENCES, language: browserLanguage() };
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.preferences) ?? "null");
    const parsed = preferencesSchema.safeParse({ ...defaults, ...stored });
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}

export function writeLocalPreferences(preferences: Preferences): void {
  localStorage.setItem(STORAGE_KEYS.preferences, JSON.stringify(preferences));
}
