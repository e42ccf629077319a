import { useState } from "react";

/**
 * Whether the visitor has moved to another page since the app started. The first page appears at once (a
 * prerendered one is already painted, and fading it in would hold back its largest paint); later ones fade in.
 */
export function useHasNavigated(pathname: string): boolean {
  const [firstPathname] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPathname) setNavigated(true);
  return navigated || pathname !== firstPathname;
}
