import { STORAGE_KEYS, THEMES } from "@lms/contract";
import { type ReactNode, useLayoutEffect, useMemo, useState, useSyncExternalStore } from "react";
import { type ResolvedTheme, type Theme, ThemeContext, type ThemeState } from "./theme-context";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function readStoredTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return THEMES.find((theme) => theme === stored) ?? "system";
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  // Also read while taking over a prerendered page: nothing in its markup depends on the theme.
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, systemPrefersDark);
  const resolvedTheme: ResolvedTheme = theme === "system" ? (systemDark ? "dark" : "light") : theme;

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(resolvedTheme);
  }, [resolvedTheme]);

  const value = useMemo<ThemeState>(
    () => ({
      theme,
      resolvedTheme,
      setTheme(next) {
        localStorage.setItem(STORAGE_KEYS.theme, next);
        setThemeState(next);
      },
    }),
    [theme, resolvedTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
