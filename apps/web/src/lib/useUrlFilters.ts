import { useCallback, useMemo } from "react";
import { useSearchParamUpdates } from "./useSearchParamUpdates";

/**
 * A list's filters and page kept in the address, so a filtered view can be shared and survives a
 * reload. `names` maps each filter to its query parameter; changing a filter goes back to page 1.
 */
export function useUrlFilters<K extends string>(names: Record<K, string>) {
  const [params, update] = useSearchParamUpdates();
  const values = useMemo(
    () =>
      Object.fromEntries(Object.entries<string>(names).map(([key, name]) => [key, params.get(name) ?? ""])) as Record<
        K,
        string
      >,
    [names, params],
  );
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  const setFilters = useCallback(
    (changes: Partial<Record<K, string>>) => {
      const mapped: Record<string, string> = { page: "" };
      for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
        if (value !== undefined) mapped[names[key]] = value;
      }
      update(mapped);
    },
    [names, update],
  );
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : "" }), [update]);

  return { values, page, setFilters, setPage };
}
