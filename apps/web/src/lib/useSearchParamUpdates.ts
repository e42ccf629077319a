import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The address's query parameters and a function that changes some of them in place (no new history entry):
 * a value sets its parameter, an empty or missing one removes it.
 */
export function useSearchParamUpdates() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
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
  return [params, update] as const;
}
