import { useIsFetching } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Router navigations do not scroll to `#anchor` targets by themselves. This does, once per
 * navigation, after the page's data has arrived so that the layout no longer shifts under it.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  const loading = useIsFetching() > 0;
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || loading || scrolledFor.current === key) return;
    scrolledFor.current = key;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
  }, [hash, key, loading]);
}
