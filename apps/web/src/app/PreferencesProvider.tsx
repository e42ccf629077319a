import type { Preferences } from "@lms/contract";
import i18next from "i18next";
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useAccountPreferences, useSavePreferences } from "@/api/preferences";
import { useAuth } from "@/auth/auth-context";
import { switchLanguage } from "@/i18n/i18n";
import { setPreferredTimeZone } from "@/lib/datetime";
import { readLocalPreferences, writeLocalPreferences } from "@/lib/preferences-store";
import { toast } from "@/lib/toast";
import { useTheme } from "@/theme/theme-context";
import { PreferencesContext, type PreferencesState } from "./preferences-context";

/**
 * Personal preferences (issue 12): kept in this browser and, when signed in, saved to the account so
 * they follow the user. The account's copy wins when it exists; a device whose account never saved
 * any gives it its own. The chosen zone formats every date; compact mode tightens the layout.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { theme, setTheme } = useTheme();
  const [preferences, setPreferences] = useState<Preferences>(readLocalPreferences);
  const account = useAccountPreferences(user !== null);
  const save = useSavePreferences();
  const { mutate } = save;
  const adopted = useRef<string | null>(null);

  const apply = useCallback((next: Preferences) => {
    writeLocalPreferences(next);
    setPreferences(next);
  }, []);

  useEffect(() => {
    const saved = account.data;
    if (!saved || !user || adopted.current === user._id) return;
    adopted.current = user._id;
    if (saved.updatedAt) {
      apply(saved.preferences);
      setTheme(saved.preferences.theme);
    } else {
      mutate({ ...readLocalPreferences(), theme });
    }
  }, [account.data, user, apply, setTheme, mutate, theme]);

  // Until the account's copy has been read, changes stay on this device (the account's copy wins).
  const store = useCallback(
    (next: Preferences) => {
      apply(next);
      if (user && adopted.current === user._id) {
        mutate(next, { onError: () => toast.error(i18next.t("messages:PREFERENCE_MESSAGES.saveFailed")) });
      }
    },
    [apply, user, mutate],
  );

  const update = useCallback(
    (change: Partial<Preferences>) => {
      if (change.theme) setTheme(change.theme);
      store({ ...readLocalPreferences(), ...change });
    },
    [setTheme, store],
  );

  // The theme can also change from the nav bar's toggle: keep the preferences in step.
  useEffect(() => {
    if (theme !== preferences.theme) store({ ...preferences, theme });
  }, [theme, preferences, store]);

  useLayoutEffect(() => {
    document.documentElement.classList.toggle("compact", preferences.compactMode);
  }, [preferences.compactMode]);

  // The language shown: the chosen one once its catalogues have loaded.
  const [language, setLanguage] = useState(preferences.language);
  useEffect(() => {
    let current = true;
    switchLanguage(preferences.language)
      .then(() => current && setLanguage(preferences.language))
      .catch(() => toast.error(i18next.t("language.loadFailed")));
    return () => {
      current = false;
    };
  }, [preferences.language]);

  setPreferredTimeZone(preferences.timezone);
  const value = useMemo<PreferencesState>(() => ({ preferences, update }), [preferences, update]);
  // A new zone or language re-renders every date and text on screen.
  return (
    <PreferencesContext value={value}>
      <Fragment key={`${preferences.timezone ?? "device"}|${language}`}>{children}</Fragment>
    </PreferencesContext>
  );
}
