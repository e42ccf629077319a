import { LANGUAGES } from "@lms/contract";

export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, as its speakers write it (shown in the language picker). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  hi: "हिन्दी",
  zh: "中文",
};

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The browser's languages in order of preference; none where there is no browser (prerendering). */
const navigatorLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);

/** The first of the browser's languages the interface speaks ("fr-CA" gives "fr"), else English. */
export function browserLanguage(preferred: readonly string[] = navigatorLanguages()): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split("-")[0] ?? "";
    if (isLanguage(primary)) return primary;
  }
  return "en";
}
