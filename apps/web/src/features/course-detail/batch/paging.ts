import { USER_SEARCH_DEBOUNCE_MS } from "@lms/contract";
import { useCallback, useEffect, useState } from "react";
import { useDebouncedValue } from "@/lib/useDebouncedValue";

/** The last page that exists when a list shrank under the one shown (at least page 1). */
export const fitPage = (page: number, pages: number) => Math.max(1, Math.min(page, pages));

/**
 * A searched, paged list: what the admin types, the search sent once typing pauses (spec §9:
 * 500 ms), and the page, back to 1 whenever the search changes.
 */
export function usePagedSearch() {
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [paged, setPaged] = useState({ search, page: 1 });
  const page = paged.search === search ? paged.page : 1;
  const setPage = useCallback((next: number) => setPaged({ search, page: next }), [search]);
  return { term, setTerm, search, page, setPage };
}

/** Moves back to the last page when removals or additions left the shown page empty. */
export function useFitPage(page: number, pages: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (pages !== undefined && fitPage(page, pages) !== page) setPage(fitPage(page, pages));
  }, [page, pages, setPage]);
}
