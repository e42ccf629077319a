import { useEffect, useRef, useState } from "react";

/** How long typing must pause before the list follows the search box. */
export const SEARCH_AS_YOU_TYPE_MS = 300;

/**
 * The text of a search box that applies itself once typing pauses, and at once on Enter.
 * A search set from elsewhere (the navigation bar, Clear filters, the back button) replaces the text.
 */
export function useSearchAsYouType(search: string, setSearch: (value: string) => void) {
  const [text, setText] = useState(search);
  const [applied, setApplied] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A timer fires after later renders: it applies the text as it is then (Clear filters may have
  // emptied it meanwhile) to the filters as they are then.
  const latest = useRef({ text, search, setSearch });
  useEffect(() => {
    latest.current = { text, search, setSearch };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  if (search !== applied) {
    setApplied(search);
    if (text.trim() !== search) setText(search);
  }

  const apply = (value: string) => {
    clearTimeout(timer.current);
    const next = value.trim();
    if (next !== latest.current.search) latest.current.setSearch(next);
  };

  return {
    text,
    change: (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(latest.current.text), SEARCH_AS_YOU_TYPE_MS);
    },
    submit: () => apply(text),
  };
}
