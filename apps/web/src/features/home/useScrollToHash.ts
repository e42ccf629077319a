import { useEffect } from "react";
import { useLocation } from "react-router";

/** Router navigations do not scroll to `#anchor` targets by themselves; this does, on every navigation. */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || !key) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
  }, [hash, key]);
}
