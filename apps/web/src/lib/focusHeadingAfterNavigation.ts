/**
 * After an action that leaves the page (its control deleted with it), gives focus to the next page's main
 * heading once that page shows it at `path`, so keyboard and screen-reader users do not start from the top.
 */
export function focusHeadingAfterNavigation(path: string, timeoutMs = 5000): void {
  const until = performance.now() + timeoutMs;
  // The old page stays on screen while the next one loads: its heading is not the one wanted.
  const old = document.querySelector("main h1");
  const attempt = () => {
    const heading = window.location.pathname === path ? document.querySelector<HTMLElement>("main h1") : null;
    if (heading && heading !== old) {
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus();
    } else if (performance.now() < until) {
      requestAnimationFrame(attempt);
    }
  };
  requestAnimationFrame(attempt);
}
