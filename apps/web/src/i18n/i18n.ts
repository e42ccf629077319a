import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "./languages";

type Catalogue = Record<string, unknown>;

/**
 * One JSON file per language and namespace (`src/locales/<language>/<namespace>.json`). Vite makes
 * each a chunk of its own, so the first load fetches only the chosen language's catalogues.
 */
const catalogues = import.meta.glob<Catalogue>("../locales/*/*.json", { import: "default" });

const namespacesOf = (language: Language) =>
  Object.keys(catalogues)
    .filter((file) => file.startsWith(`../locales/${language}/`))
    .map((file) => file.slice(`../locales/${language}/`.length, -".json".length));

export const NAMESPACES = namespacesOf("en");

/** Shown instead of a string a catalogue lacks, so a test (and a user) can spot it. */
export const MISSING_KEY_MARKER = "⟦missing⟧";

async function load(language: Language): Promise<void> {
  await Promise.all(
    namespacesOf(language)
      .filter((namespace) => !i18next.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const catalogue = await catalogues[`../locales/${language}/${namespace}.json`]?.();
        // Added once, as is: no deep merge, no copy (a copy of every catalogue cost the first load ~10 ms).
        if (catalogue) i18next.addResourceBundle(language, namespace, catalogue, false, false, { skipCopy: true });
      }),
  );
}

function markDocument(language: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** Starts i18next in `language` once its catalogues are loaded (before the first render). */
export async function startI18n(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: NAMESPACES,
    defaultNS: "common",
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    parseMissingKeyHandler: (key) => `${MISSING_KEY_MARKER} ${key}`,
    react: { useSuspense: false },
  });
  await load(language);
  markDocument(language);
  // init ran before the bundles arrived; tell the bindings to read them.
  await i18next.changeLanguage(language);
}

/** Switches the interface to `language`, loading its catalogues first. */
export async function switchLanguage(language: Language): Promise<void> {
  if (i18next.language === language) return;
  await load(language);
  await i18next.changeLanguage(language);
  markDocument(language);
}

/** The interface's language, for Intl formatters outside React. */
export const currentLanguage = (): Language => (i18next.language as Language | undefined) ?? "en";
