type PopStateGuard = (event: PopStateEvent) => void;

let current: PopStateGuard | null = null;

/** Lets `guard` see each back or forward step first (and stop it from reaching the router); null ends it. */
export function guardPopState(guard: PopStateGuard | null): void {
  current = guard;
}

/**
 * Adds the window's first popstate listener; boot/start.tsx calls it before rendering, so it comes before
 * BrowserRouter's own: Chromium runs a window's popstate listeners in the order they were added.
 */
export function installPopStateGuard(): void {
  window.addEventListener("popstate", (event) => current?.(event));
}
