import { useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "./useDebouncedValue";

/**
 * A search box's text kept in step with a filter value held elsewhere (the address): typing is sent
 * once it pauses, and an outside change (Clear filters, Back) replaces the text without sending it back.
 */
export function useSyncedSearch(value: string, onSearch: (search: string) => void, delay = 300) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, delay);
  const sent = useRef(value);
  const lastSettled = useRef(settled);

  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    const next = settled.trim();
    if (next === sent.current) return;
    sent.current = next;
    onSearch(next);
  }, [settled, onSearch]);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  return [text, setText] as const;
}
