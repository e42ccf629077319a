import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { isMaterialType } from "@/components/material/material-types";
import type { MaterialFilterValues } from "./MaterialFilters";

/** The list's filters and page live in the address (course, type, q, page), so a filtered view can be shared. */
export function useMaterialFilterParams() {
  const [params, setParams] = useSearchParams();
  const type = params.get("type");
  const values: MaterialFilterValues = {
    courseId: params.get("course") ?? "",
    type: isMaterialType(type) ? type : "",
    search: params.get("q") ?? "",
  };
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  const update = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setFilters = useCallback(
    (changes: Partial<MaterialFilterValues>) => {
      const mapped: Record<string, string> = { page: "" };
      if (changes.courseId !== undefined) mapped.course = changes.courseId;
      if (changes.type !== undefined) mapped.type = changes.type;
      if (changes.search !== undefined) mapped.q = changes.search;
      update(mapped);
    },
    [update],
  );
  const setPage = useCallback((next: number) => update({ page: next > 1 ? String(next) : "" }), [update]);

  return { values, page, setFilters, setPage };
}
