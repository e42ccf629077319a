import { useSyncExternalStore } from "react";

const unchanging = () => () => undefined;

/**
 * True while React takes over server-made HTML (a prerendered page, scripts/prerender.mjs), false after. A
 * screen that then renders what the prerender did (no api answer yet) matches its HTML; React renders it
 * again at once with what has arrived since.
 */
export const useHydrating = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
