import { useEffect } from "react";
import { useBlocker } from "react-router";

/**
 * Guards unsaved edits: in-app navigation waits on the returned blocker (the caller asks in a
 * dialog, then proceeds or resets it), and closing or reloading the tab gets the browser's own
 * prompt. `isDirty` is read when navigation starts, so a save that navigates right away passes.
 */
export function useUnsavedChanges(isDirty: () => boolean, dirtyNow: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );
  useEffect(() => {
    if (!dirtyNow) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirtyNow]);
  return blocker;
}
