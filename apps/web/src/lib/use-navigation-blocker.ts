import { useContext, useEffect, useRef, useState } from "react";
import { type Navigator, type To, UNSAFE_NavigationContext, useLocation } from "react-router";
import { guardPopState } from "./popstate-guard";

/** A navigation held back until the user decides: `proceed` lets it happen, `reset` stays on the page. */
export interface NavigationBlocker {
  state: "unblocked" | "blocked";
  proceed(): void;
  reset(): void;
}

const UNBLOCKED: NavigationBlocker = { state: "unblocked", proceed: () => undefined, reset: () => undefined };

const pathnameOf = (to: To) =>
  typeof to === "string" ? new URL(to, window.location.href).pathname : (to.pathname ?? window.location.pathname);

/** The index BrowserRouter keeps in each history entry's state (back and forward compare them). */
const historyIndex = (): number | undefined => window.history.state?.idx;

/**
 * Holds back navigation to another path when `shouldBlock()` says so at that moment: links, navigate(), and the browser's back
 * and forward buttons. useBlocker does this only under a data router, which adds ~18 KB gzipped to the
 * first load (ARCHITECTURE §9); the app uses <BrowserRouter>, whose navigator is its history, so the
 * navigator's push/replace/go are wrapped and a back or forward step is undone until the user proceeds.
 */
export function useNavigationBlocker(shouldBlock: () => boolean): NavigationBlocker {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname, key } = useLocation();
  const [blocker, setBlocker] = useState<NavigationBlocker>(UNBLOCKED);
  const index = useRef(historyIndex());
  const blocks = useRef(shouldBlock);
  blocks.current = shouldBlock;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry's index is read again on every navigation
  useEffect(() => {
    index.current = historyIndex();
  }, [key]);

  useEffect(() => {
    let released = false;
    let undoing = false;
    const hold = (go: () => void) =>
      setBlocker({
        state: "blocked",
        proceed() {
          released = true;
          setBlocker(UNBLOCKED);
          go();
        },
        reset: () => setBlocker(UNBLOCKED),
      });
    const original: Pick<Navigator, "push" | "replace" | "go"> = {
      push: navigator.push,
      replace: navigator.replace,
      go: navigator.go,
    };
    const guard =
      (method: "push" | "replace") =>
      (to: To, ...rest: unknown[]) => {
        const go = () => (original[method] as (...args: unknown[]) => void).call(navigator, to, ...rest);
        if (released || !blocks.current() || pathnameOf(to) === pathname) go();
        else hold(go);
      };
    navigator.push = guard("push");
    navigator.replace = guard("replace");
    navigator.go = (delta: number) => {
      const go = () => original.go.call(navigator, delta);
      if (released || !blocks.current()) go();
      else hold(go);
    };

    // Runs before BrowserRouter's own listener (popstate-guard.ts) and hides the step from it: the step is
    // undone at once, and taken again if the user proceeds.
    const onPopState = (event: PopStateEvent) => {
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const next = historyIndex();
      if (released || !blocks.current() || window.location.pathname === pathname) return;
      if (next === undefined || index.current === undefined) return;
      event.stopImmediatePropagation();
      const delta = index.current - next;
      undoing = true;
      window.history.go(delta);
      hold(() => original.go.call(navigator, -delta));
    };
    guardPopState(onPopState);

    return () => {
      Object.assign(navigator, original);
      guardPopState(null);
      setBlocker(UNBLOCKED);
    };
  }, [navigator, pathname]);

  return blocker;
}
