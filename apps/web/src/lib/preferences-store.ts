import { DEFAULT_PREFERENCES, type Preferences, preferencesSchema, STORAGE_KEYS } from "@lms/contract";

/** The preferences kept in this browser (also before signing in); unreadable ones fall back to the defaults. */
export function readLocalPreferences(): Preferences {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.preferences) ?? "null");
    const parsed = preferencesSchema.safeParse({ ...DEFAULT_PREFERENCES, ...stored });
    return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function writeLocalPreferences(preferences: Preferences): void {
  localStorage.setItem(STORAGE_KEYS.preferences, JSON.stringify(preferences));
}
