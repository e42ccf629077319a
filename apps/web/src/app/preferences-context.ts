import type { Preferences } from "@lms/contract";
import { createContext, useContext } from "react";

export interface PreferencesState {
  preferences: Preferences;
  /** Applies a change at once, keeps it in this browser and saves it to the account when signed in. */
  update(change: Partial<Preferences>): void;
}

export const PreferencesContext = createContext<PreferencesState | null>(null);

export function usePreferences(): PreferencesState {
  const state = useContext(PreferencesContext);
  if (!state) throw new Error("usePreferences must be used inside <PreferencesProvider>");
  return state;
}
