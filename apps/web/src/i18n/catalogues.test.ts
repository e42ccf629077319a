import { LANGUAGES, MESSAGE_CATALOGUE } from "@lms/contract";
import { describe, expect, it } from "vitest";

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>("../locales/*/*.json", { eager: true, import: "default" });

function catalogue(language: string, namespace: string): Tree | undefined {
  return files[`../locales/${language}/${namespace}.json`];
}

const namespaces = (language: string) =>
  Object.keys(files)
    .filter((file) => file.startsWith(`../locales/${language}/`))
    .map((file) => file.slice(`../locales/${language}/`.length, -".json".length))
    .sort();

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

/** The keys a language must hold for English's: plural keys in each of the language's own plural forms. */
function expectedKeys(english: Map<string, string>, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of english) {
    const plural = key.match(PLURAL_SUFFIX);
    if (!plural) {
      expected.set(key, text);
      continue;
    }
    const base = key.slice(0, -plural[0].length);
    const other = english.get(`${base}_other`) ?? text;
    for (const category of categories) expected.set(`${base}_${category}`, other);
  }
  return expected;
}

/** The contract's English texts by group and key: the shape the web's English `messages` namespace copies. */
function catalogueTexts(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(MESSAGE_CATALOGUE).map(([group, messages]) => [
      group,
      Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, message.text])),
    ]),
  );
}

describe("the interface catalogues", () => {
  it("hold the spec's messages verbatim in English", () => {
    expect(catalogue("en", "messages")).toEqual(catalogueTexts());
  });

  for (const language of LANGUAGES.filter((code) => code !== "en")) {
    describe(language, () => {
      it("names live sessions with one word in the navigation and on the course's tab", () => {
        const nav = leaves(catalogue(language, "common") ?? {}).get("nav.links.sessions");
        const tab = leaves(catalogue(language, "course-detail") ?? {}).get("tabs.sessions");
        expect(tab).toBe(nav);
      });

      it("has every namespace English has", () => {
        expect(namespaces(language)).toEqual(namespaces("en"));
      });

      for (const namespace of namespaces("en")) {
        it(`${namespace}: has every key English has, with the same placeholders, and no others`, () => {
          const translated = leaves(catalogue(language, namespace) ?? {});
          const expected = expectedKeys(leaves(catalogue("en", namespace) ?? {}), language);
          const missing = [...expected.keys()].filter((key) => !translated.get(key)?.trim());
          expect(missing, `${language}/${namespace}.json lacks these keys`).toEqual([]);
          const stale = [...translated.keys()].filter(
            (key) =>
              !expected.has(key) && !(PLURAL_SUFFIX.test(key) && expected.has(key.replace(PLURAL_SUFFIX, "_other"))),
          );
          expect(stale, `${language}/${namespace}.json has keys English lacks`).toEqual([]);
          const wrongPlaceholders = [...expected].filter(
            ([key, english]) =>
              translated.has(key) && variables(translated.get(key) ?? "").join() !== variables(english).join(),
          );
          expect(
            wrongPlaceholders.map(([key]) => key),
            `${language}/${namespace}.json placeholders differ`,
          ).toEqual([]);
        });
      }
    });
  }
});
