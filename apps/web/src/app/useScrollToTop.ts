import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** A new page starts at the top, unless the link points at an anchor on it. */
export function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current !== pathname && !hash) window.scrollTo(0, 0);
    previous.current = pathname;
  }, [pathname, hash]);
}
