import i18next from "i18next";

/**
 * A map of labels read from the `common` catalogue under `prefix` each time one is used, so a
 * module-level map (`LABELS[value]`) shows the interface's current language.
 */
export function catalogueLabels<K extends string>(prefix: string): Record<K, string> {
  return new Proxy({} as Record<K, string>, {
    get: (_, key) => i18next.t(`${prefix}.${String(key)}` as never) as string,
  });
}
