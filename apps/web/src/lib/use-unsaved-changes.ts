import { useEffect, useRef } from "react";
import { useNavigationBlocker } from "./use-navigation-blocker";

/**
 * Guards unsaved edits: in-app navigation waits on the returned blocker (the caller asks in a
 * dialog, then proceeds or resets it), and closing or reloading the tab gets the browser's own
 * prompt. A save calls `saved()` before it navigates: the form's dirty flag only catches up at
 * the next render.
 */
export function useUnsavedChanges(isDirty: boolean) {
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const blocker = useNavigationBlocker(() => dirty.current);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);
  const saved = () => {
    dirty.current = false;
  };
  return { blocker, saved };
}
